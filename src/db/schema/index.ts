export * from './accounts';
export * from './files';
export * from './jobs';
export * from './usage';
export * from './hosting';
export * from './voices';
export * from './corpus';
export * from './documents';
