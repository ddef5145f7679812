import type { Command } from 'commander';
import { registerDbCommands } from './db';

/** Every command group, one line each. */
export function registerCommands(program: Command): void {
  registerDbCommands(program);
}
