export * from './common.js';
export * from './config.js';
export * from './photo.js';
export * from './property.js';
export * from './reference.js';
export * from './uf.js';
export * from './user.js';
export * from './waitlist.js';
