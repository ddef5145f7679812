import type { Command } from 'commander';
import { registerAdminCommands } from './admin';
import { registerBookingCommands } from './bookings';
import { registerCoachCommands } from './coaches';
import { registerDbCommands } from './db';
import { registerDeletionRequestCommands } from './deletion-requests';
import { registerDiagnoseCommand } from './diagnose';
import { registerDisputeCommands } from './disputes';
import { registerPackageCommands } from './packages';
import { registerPaymentCommands } from './payments';
import { registerPayoutCommands } from './payouts';
import { registerUsersCommands } from './users';
import { registerWorkerCommands } from './worker';

/** Every command group, one line each. */
export function registerCommands(program: Command): void {
  registerDbCommands(program);
  registerPaymentCommands(program);
  registerPayoutCommands(program);
  registerWorkerCommands(program);
  registerAdminCommands(program);
  registerUsersCommands(program);
  registerDeletionRequestCommands(program);
  registerBookingCommands(program);
  registerDisputeCommands(program);
  registerPackageCommands(program);
  registerDiagnoseCommand(program);
  registerCoachCommands(program);
}
