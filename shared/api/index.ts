export * from './paths';
export * from './client';
export * from './errors';
export * from './token';
export * from './operation';
export * from './download';
export * from './auth';
