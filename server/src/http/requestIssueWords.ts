import type { RequestIssue } from '@headland/domain/api/requestIssues';
import type { FieldError } from './httpErrors.ts';

/**
 * Words for request issues: the field's label as the screens name it, and a sentence per issue code. Fields
 * not listed are named from their wire name ('ManureSpreadArea' becomes 'Manure spread area').
 */
const fieldLabels: Record<string, string> = {
  query: 'Holding search',
  limit: 'Number of results',
  year: 'Crop year',
  YearId: 'Crop year',
  yearId: 'Crop year',
  croppingYearId: 'Crop year',
  firstCroppingYear: 'Starting year',
  srid: 'Coordinate system',
  id: 'The id in the address',
  HoldingId: 'Holding',
  holdingId: 'Holding',
  initialHoldingId: 'Holding',
  FieldId: 'Field',
  CropId: 'Crop',
  VarietyId: 'Variety',
  TownId: 'Town',
  townId: 'Town',
  BusinessId: 'Business',
  WeatherStationId: 'Weather station',
  UserId: 'User',
  userId: 'User',
  croppingId: 'Cropping',
  TakeAreaFrom: 'Croppings to take the area from',
  CropDescr: 'Description',
  PlotId: 'Plot',
  BatchId: 'Batch',
  TargetpH: 'Target pH',
  NCropGroup: 'N crop group',
  NLeafAnalysis: 'N leaf analysis',
  Email: 'E-mail address',
  email: 'E-mail address',
  username: 'E-mail address',
  password: 'Password',
  Password: 'Password',
  grant_type: 'Sign-in method',
  client_id: 'Client',
  Key: 'Setting',
  Value: 'Setting value',
  clientState: 'Session state',
  accessLevel: 'Access level',
  pkModel: 'PK model',
  PSorpCapacity: 'P sorption capacity',
  NVZ: 'NVZ',
  v: 'Version',
  version: 'Terms version',
  acceptedInviteId: 'Invitation',
  eventsSince: 'Events since',
};

const partLabels: Record<string, string> = {
  body: 'The request',
  querystring: 'The address',
  params: 'The address',
  headers: 'The request headers',
};

/** 'ManureSpreadArea' or 'grasslandDerogationNumber' in words: 'Manure spread area', 'Grassland derogation number'. */
function wordsOfName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of a field path: its last named part, with the entry of a list it is in ('Name (Features no. 3)'). */
export function fieldLabel(field: string): string {
  if (field in partLabels) return partLabels[field]!;
  const parts = field.split('.');
  const named = parts.filter((part) => !/^\d+$/.test(part));
  const last = named.at(-1);
  if (last === undefined) return partLabels.body!;
  const label = fieldLabels[last] ?? wordsOfName(last);
  const indexAt = parts.findIndex((part) => /^\d+$/.test(part));
  if (indexAt > 0 && indexAt < parts.lastIndexOf(last)) {
    const list = parts[indexAt - 1]!;
    return `${label} (${(fieldLabels[list] ?? wordsOfName(list)).toLowerCase()} no. ${Number(parts[indexAt]) + 1})`;
  }
  return label;
}

const number = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString('en-GB', { maximumFractionDigits: 6 }) : String(value);

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no (true or false)',
  array: 'a list',
  object: 'a group of values',
  null: 'empty',
};

const formatWords: Record<string, string> = {
  datetime: 'a date and time such as 2025-03-01T09:30:00Z',
  date: 'a date written YYYY-MM-DD',
  email: 'an e-mail address',
};

/** One issue as a sentence naming its field in the user's words. */
export function requestIssueSentence(issue: RequestIssue): string {
  const label = fieldLabel(issue.Field);
  const p = issue.Params;
  switch (issue.Code) {
    case 'required':
      return `${label} is required.`;
    case 'wrongType':
      return `${label} must be ${expectedWords[String(p.expected)] ?? String(p.expected)}.`;
    case 'notWhole':
      return `${label} must be a whole number.`;
    case 'tooLong':
      return `${label} can be at most ${number(p.max)} characters long.`;
    case 'tooShort':
      return `${label} must be at least ${number(p.min)} characters long.`;
    case 'tooLarge':
      return p.inclusive === false
        ? `${label} must be less than ${number(p.max)}.`
        : `${label} can be at most ${number(p.max)}.`;
    case 'tooSmall':
      return p.inclusive === false
        ? `${label} must be more than ${number(p.min)}.`
        : `${label} must be at least ${number(p.min)}.`;
    case 'tooMany':
      return `${label} can have at most ${number(p.max)} entries.`;
    case 'tooFew':
      return `${label} needs at least ${number(p.min)} ${p.min === 1 ? 'entry' : 'entries'}.`;
    case 'notAllowed':
      return `${label} must be one of: ${String(p.values)}.`;
    case 'badFormat':
      return `${label} must be ${formatWords[String(p.format)] ?? `in the ${String(p.format)} format`}.`;
    case 'unknownField':
      return `${label} holds something not expected here: ${String(p.keys)}.`;
    case 'nulCharacter':
      return `${label} contains a null character, which is not allowed. Remove it and try again.`;
    case 'loneSurrogate':
      return `${label} contains a broken character (half of an emoji or symbol), which is not allowed.`;
    case 'tooDeep':
      return `${label} nests values more than ${number(p.max)} levels deep.`;
    case 'tooManyVertices':
      return `${label} has ${number(p.count)} points; a boundary can have at most ${number(p.max)}. Simplify it and try again.`;
    case 'invalid':
      return `${label} is not valid.`;
  }
}

/** The entry of an answer's `Errors` for one issue: where, what (as code and parameters) and the words. */
export function fieldErrorOf(issue: RequestIssue, message?: string): FieldError {
  return { ...issue, Message: message ?? requestIssueSentence(issue) };
}
