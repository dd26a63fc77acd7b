export * from './users';
export * from './auth';
export * from './notifications';
export * from './program';
export * from './uploads';
export * from './groups';
export * from './payments';
export * from './posts';
