import { requestIssueCodes, type IssueTextLookup } from './requestIssueWords.ts';

/**
 * The one catalogue of refusals: every 4xx answer carries a `Code` of it and the `Params` it names, and its
 * `Message` is that code said with those parameters in the caller's language. The words of the codes below
 * are in the `refusals` area of the translations (web/src/i18n/<lang>.refusals.json, key `refusals.codes.<code>`);
 * a refusal whose `Errors` are request issues carries the first issue's code (see requestIssues.ts); the rule
 * sets that have words of their own are referenced as families with a prefix (`refusalFamilies`).
 */
export const refusalCodes = {
  invalidRequest: [],
  sessionEnded: [],
  notSignedIn: [],
  selectHoldingFirst: [],
  termsFirst: [],
  areaNoAccess: ['area'],
  areaNoView: ['area'],
  areaNoChange: ['area'],
  holdingNoView: [],
  holdingNoChange: [],
  staleWrite: [],
  notFound: [],
  routeNotFound: ['method', 'path'],
  apiRouteNotFound: ['method', 'path'],
  bodyTooLarge: ['size'],
  emptyBody: [],
  badJson: [],
  requestRefused: ['status'],
  languageUnknown: ['lang', 'languages'],
  accountGone: [],
  termsBeforeHolding: [],
  holdingNoCropYear: [],
  notCropYearOfHolding: ['year'],
  cropYearTooLate: ['year'],
  holdingNotSelected: [],
  maintenanceAdminOnly: [],
  maintenanceNotFound: [],
  holdingNotFound: [],
  holdingNoAccess: [],
  holdingExportNotAllowed: [],
  exportModuleOff: [],
  exportTooLarge: ['count', 'max'],
  exportTooSlow: [],
  holdingExportRestricted: [],
  holdingsReadOnlySession: [],
  holdingCreateNotAllowed: [],
  holdingIdRequired: [],
  powerBiRoleOnly: [],
  holdingNotEmpty: [],
  holdingOpenInSession: [],
  townNotFound: [],
  townWithdrawn: [],
  regionNotOffered: [],
  regionFixed: [],
  nvzFixed: [],
  startingYearTooLate: ['year'],
  businessNotAvailable: [],
  weatherStationNotOfTown: [],
  migrationBeforeFirstYear: ['year'],
  migrationCannotMoveBack: ['year'],
  permissionsReadOnlySession: [],
  chooseCropYearFirst: [],
  ownersOnly: [],
  ownSwitchOnly: [],
  lastOwner: [],
  removeSelf: [],
  removeOwner: [],
  userListedTwice: ['userId'],
  userNotMember: ['userId'],
  croppingNotInYear: ['croppingId', 'year'],
  selfNotMember: [],
  invitationsOwnersOnly: [],
  emailInvalidPlease: [],
  alreadyMember: [],
  noPendingInvitation: [],
  invalidInvitation: [],
  invitationGone: [],
  invitationAccepted: [],
  invitationExpired: [],
  invitationOtherEmail: [],
  resetLinkUsed: [],
  resetLinkExpired: [],
  resetLinkInvalid: [],
  invalidEmail: [],
  currentPasswordRequired: [],
  currentPasswordWrong: [],
  tooManyWrongPasswords: ['wait'],
  noTermsToAccept: [],
  onlyLatestTerms: ['version'],
  onlyTermsVersion: ['version'],
  editOwnAccountOnly: [],
  userNotFound: [],
  userMorePrivileged: [],
  roleChangeAdminOnly: [],
  roleTooPrivileged: [],
  businessChangeAdminOnly: [],
  businessNotFound: [],
  emailChangeLinkInvalid: [],
  emailInUse: [],
  ownSettingsOnly: [],
  settingsOpenHoldingOnly: [],
  settingsForEveryoneAdminOnly: [],
  fieldNotFound: [],
  fieldDoesNotExist: [],
  fieldRequired: [],
  fieldHasHiddenCroppings: [],
  fieldYearHidden: [],
  fieldNameRequired: [],
  fieldNeedsBoundaryOrArea: [],
  boundaryRequiredForType: [],
  wholeAreaRequiredForType: [],
  workingAreaRequiredForType: [],
  workingAreaAboveWhole: [],
  boundaryInvalid: [],
  boundarySrid: [],
  boundaryNotLonLat: [],
  boundaryOutsideGrid: [],
  croppingNotFound: [],
  croppingNotShared: [],
  takeAreaSameFieldYear: [],
  takeAreaTooSmall: ['crop', 'area', 'given'],
  takeAreaManagementOption: ['crop'],
  layersOtherHolding: [],
  layerNotFound: [],
  zoneNotFound: [],
  layerVariantsAdminOnly: [],
  layerImportExpired: [],
  layerImportNotFound: [],
  layerImportKindRequired: [],
  documentsOtherHolding: [],
  documentNotFound: [],
  imageNotFound: [],
  multipartFile: [],
  multipartFiles: [],
  filesFieldOnly: [],
  multipartBoundaryFile: [],
  multipartHoldingExport: [],
  fileTooLarge: ['size'],
  uploadUnreadable: [],
  noFileSent: [],
  noFileInFieldFile: [],
  fileEmpty: [],
  zipTooManyEntries: ['max'],
  zipTooLarge: ['size'],
  zipDamaged: [],
  sridNotEpsg: [],
  sridUnknown: ['srid'],
  crsNotConvertible: ['name'],
  noImportablePolygon: [],
  featureReplaceRequired: ['number'],
  featureReplaceTwice: ['number'],
  featureReplaceMissing: ['number'],
  geoJsonCrsUnreadable: [],
  geoJsonNotJson: [],
  boundaryFileUnknown: [],
  geoJsonNoFeatures: [],
  flatGeobufUnreadable: [],
  taskDataUnreadable: [],
  taskDataNoPartfields: [],
  xmlDoctype: [],
  shapefileNoHeader: [],
  shapefileCutShort: [],
  shapefilePrjUnreadable: [],
  shapefileNoDbf: ['name'],
  shapefilesMixedPrj: [],
  shapefilesMixedCrs: [],
  shapefileDamaged: [],
  shapefileRecordCounts: [],
  tooManyFeatures: ['count', 'max'],
  tooManyVerticesInFile: ['count', 'max'],
  xmlFileDoctype: ['kind'],
  xmlNotWellFormed: ['kind'],
  xmlUnreadable: ['kind'],
  replaceNotHoldingId: [],
  replaceHoldingMissing: [],
  exportDamaged: ['detail'],
  exportNotZip: [],
  notHoldingExport: [],
  exportNoManifest: ['file'],
  exportFormatVersion: ['found', 'expected'],
  exportRefersToMissing: ['noun', 'value'],
  exportBusinessNotAssignable: ['businessId'],
  exportFileNotJson: ['file'],
  exportFileInvalid: ['file'],
  exportFileMissing: ['file'],
  exportFileYear: ['file'],
  exportFileMismatch: ['file'],
  exportFileUnreadable: ['file'],
  accountExists: [],
  accessAccountsAdminOnly: [],
  noShapefileInZip: [],
  noImportablePolygonBecause: ['reason'],
  startingYearAfterFirst: ['year'],
  signInMissingCredentials: [],
  signInThrottled: ['wait'],
  signInCredentials: [],
  signInLinkNoToken: [],
  signInLinkInvalid: [],
  grantTypeUnsupported: [],
  tokenRequestCheck: ['fields'],
  badUrl: [],
  basemapsMastersOnly: [],
  basemapNotFound: [],
  uploadReadBusy: [],
  uploadReadTooSlow: [],
  serverStopping: [],
  serverStarting: [],
  serverStartFailed: [],
  prescriptionsOff: [],
  planNotFound: [],
  planProductUnknown: [],
  planNameTaken: ['name', 'suggestion'],
  planRateOutOfRange: ['max', 'unit'],
  planNoZones: [],
  planReadOnlyComplete: ['name'],
  planReadOnlyAbandoned: ['name'],
  planZoneUnknown: [],
  planTooManyZonesFlat: ['count', 'max'],
  partnerNotFound: [],
  partnerDocumentsUnsigned: ['count'],
  partnerCroppingNotOfYear: ['id', 'year'],
  appNotOffered: [],
  appUnavailable: [],
  connectionOwnerOnly: [],
  connectionNotPending: [],
  connectionNotBasic: [],
  connectionNotWorking: [],
  organisationNotOfAccount: [],
  firstYearOutOfRange: ['min', 'max'],
  appHasNoFiles: [],
  folderNotFound: [],
  fileNotFound: [],
  storageFileTooLarge: ['maxMb'],
  legalDocumentNotRequired: ['id'],
  legalDocumentAlreadySigned: ['id'],
} as const satisfies Record<string, readonly string[]>;

export type OwnRefusalCode = keyof typeof refusalCodes;

/** The parameters a refusal's words name; values as the wire carries them. */
export type RefusalParams = Record<string, string | number | boolean>;

/**
 * Parameters whose value is a name said in words of its own (`refusals.areas.fields`, `refusals.nouns.crop`),
 * so that a refusal in French names the area in French.
 */
export const refusalWordParams: Readonly<Record<string, string>> = { area: 'areas', noun: 'nouns' };

/**
 * Rule sets whose codes have words in their own area of the translations: a refusal of one carries its code
 * with the family's prefix at the top (`cropping.dateOrder`) and the bare code in its `Errors` entries, as the
 * rule set names it. `documents` refusals keep their bare codes at the top, as the document library reads them.
 */
export const refusalFamilies = {
  cropping: 'fields.croppingProblems',
  holding: 'holdings.messages',
  layers: 'layersServer.error',
  signup: 'signup.errors',
  documents: 'documents.problems',
} as const;

export type RefusalFamily = keyof typeof refusalFamilies;

/** The document library's problem codes (domain/src/documentRules.ts), which are refusal codes as they are. */
export const documentRefusalCodes = new Set([
  'tooManyFiles',
  'tooLarge',
  'fileType',
  'heic',
  'importError',
  'nameRequired',
  'descriptionTooLong',
  'nameTooLong',
  'yearNotInSession',
]);

export function isOwnRefusalCode(code: unknown): code is OwnRefusalCode {
  return typeof code === 'string' && Object.hasOwn(refusalCodes, code);
}

/** The family of a prefixed code (`layers.tooManyZones`) and its bare code, or undefined for any other code. */
export function refusalFamilyOf(code: string): { family: RefusalFamily; code: string } | undefined {
  const dot = code.indexOf('.');
  if (dot < 0) return undefined;
  const family = code.slice(0, dot);
  return Object.hasOwn(refusalFamilies, family)
    ? { family: family as RefusalFamily, code: code.slice(dot + 1) }
    : undefined;
}

/** Whether `code` is in the catalogue: an own code, a request issue code, a document code or a family's. */
export function isRefusalCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return (
    isOwnRefusalCode(code) ||
    requestIssueCodes.has(code) ||
    documentRefusalCodes.has(code) ||
    refusalFamilyOf(code) !== undefined
  );
}

/** The key of a family code's words, below the translations' root. */
export function familyTextKey(family: RefusalFamily, code: string): string {
  return `${refusalFamilies[family]}.${code}`;
}

/** A lookup of the translations' raw texts by their full key (`refusals.codes.notFound`). */
export type TextLookup = IssueTextLookup;
