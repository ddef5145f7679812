/** `fact`: assembles the commands; each lives in its own file under cli/commands. */
import { exitCodeFor, newProgram } from './program';
import { registerCommands } from './commands/index';

const program = newProgram();
registerCommands(program);

program.parseAsync(process.argv).then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    const { code, message } = exitCodeFor(error);
    if (message) process.stderr.write(`${message}\n`);
    process.exit(code);
  },
);
