export * from './accounts';
export * from './files';
export * from './jobs';
export * from './usage';
