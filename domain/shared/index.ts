export * from './result';
export * from './errors';
export * from './money';
export * from './ids';
export * from './clock';
export * from './random';
export * from './london-time';
