import type { Command } from 'commander';
import { registerDbCommands } from './db';
import { registerPaymentCommands } from './payments';
import { registerWorkerCommands } from './worker';

/** Every command group, one line each. */
export function registerCommands(program: Command): void {
  registerDbCommands(program);
  registerPaymentCommands(program);
  registerWorkerCommands(program);
}
