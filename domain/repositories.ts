/**
 * Every repository port, as one bag bound to a transaction by the UnitOfWork.
 * Each bounded context adds its own repository here (one line each).
 */
export interface Repositories {}
