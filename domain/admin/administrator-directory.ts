/** Port: whether the installation has an administrator yet (the first one is created from the CLI). */
export interface AdministratorDirectory {
  hasAnyAdministrator(): Promise<boolean>;
}
