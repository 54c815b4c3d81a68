export * from './platform/rights';
export * from './platform/messages';
export * from './platform/validation';
export * from './platform/schema';
export * from './platform/wire';
export * from './platform/slots';
export {
  detectFileKind,
  detectXmlKind,
  fileMatchesRule,
  fileRuleOf,
  fileRules,
  uploadedFile,
  uploadedFileMark,
  uploadedFileOf,
  type FileKind,
  type FileRule,
  type UploadedFile,
} from './platform/uploads';
export * from './platform/fields';
export * from './platform/import';
export * from './platform/call-spec';
export * from './platform/delta';
export * from './platform/platform-calls';
export * from './platform/module-definition';
export * from './platform/api';
export * from './platform/versions';
export * from './platform/login-route';
export * from './registry';
export * from './platform/login-route-guards';
export * from './platform/conditions';
export * from './platform/users';
export * from './platform/languages';
export * from './platform/push-quiet-hours';
export * from './platform/local-time';
export * from './platform/csv';
export * from './platform/protokoll';
export * from './platform/money';
export * from './platform/bank';
export * from './platform/legal';
export * from './platform/facility';
export * from './platform/public-pages';
