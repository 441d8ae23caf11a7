/**
 * Summaries of the operations whose routes declare none, keyed by method and OpenAPI path, one group per
 * area. A new route declares its `summary` on its schema instead; the OpenAPI test fails for an operation
 * that has neither.
 */
export const operationSummaries: Record<string, string> = {
  // health, brand
  // custom base maps
  'GET /api/holdings/v1/basemaps': "The holding's custom base maps (Master and above)",
  'POST /api/holdings/v1/basemaps': 'Add a custom base map to the holding (Master and above)',
  'PUT /api/holdings/v1/basemaps/{id}': 'Change a custom base map (Master and above)',
  'DELETE /api/holdings/v1/basemaps/{id}': 'Remove a custom base map (Master and above)',
  'GET /api/health': 'Whether the server and its database answer',
  'GET /api/service/brand': 'The brand serving this address: name, colours and features',
  // session
  'GET /api/session/v1/login': 'The signed-in user, the terms to accept and the session state',
  'DELETE /api/session/v1/logout': 'Sign out: revoke every token of this login',
  'POST /api/session/v1/start': 'Start a session, resuming the last holding where there is one',
  'POST /api/session/v1/holdings/select': 'Choose the holding the session works on',
  'GET /api/session/v1/holdings/query': 'The holdings the user may open, filtered and paged',
  'PUT /api/holdings/v1/year': "Change the session's crop year",
  // user
  'POST /api/user/v1/tcs/accept': 'Accept the latest terms and conditions',
  'POST /api/user/v1/password/change': 'Change the own password',
  'POST /api/user/v1/user':
    'Change the own name, language and preferences, or ask to change the e-mail address',
  // settings
  'POST /api/service/settings/save': 'Save settings of the user on the session holding',
  // fields
  'GET /api/fields/v1': "The fields of the session holding's crop year",
  'POST /api/fields/v1': 'Create a field',
  'GET /api/fields/v1/{id}': 'One field',
  'PUT /api/fields/v1/{id}': "Change a field's name, boundary or details",
  'DELETE /api/fields/v1/{id}': 'Delete a field and its croppings',
  'GET /api/shared-data/v2/':
    'Shared lists: crops, varieties, products and the other choices the forms offer',
  'GET /api/holdings/v1/validation': "Check the session holding's fields and croppings for problems",
  'GET /api/holdings/v1/dashboard': "The session holding's dashboard: the year's cropping, what needs attention, what is under way",
  'POST /api/fields/v1/import/preview': 'Read a boundary file and answer the fields it holds',
  'POST /api/fields/v1/import/commit': 'Create or update the fields chosen from a read boundary file',
  // croppings
  'GET /api/croppings/v1': "The croppings of the session holding's crop year",
  'POST /api/croppings/v1': 'Create a cropping on a field',
  'GET /api/croppings/v1/{id}': 'One cropping',
  'PUT /api/croppings/v1/{id}': "Change a cropping's crop, dates, boundary or details",
  'DELETE /api/croppings/v1/{id}': 'Delete a cropping',
  // holdings
  'GET /api/service/holdings': 'The holdings the user manages, with what they may do on each',
  'GET /api/service/holding/current': 'The details of the session holding',
  'GET /api/holdings/v1/status':
    "The holding edit dialog's data: towns, stations, weather, regions, businesses",
  'GET /api/dashboard/holding/empty/{id}': 'Whether a holding holds no fields, croppings or documents',
  'POST /api/dashboard/holding/delete/{id}': 'Delete a holding',
  // nutrition
  'GET /api/nutrition2/v1/migration/status':
    'Which crop years keep their nutrition data in the current format',
  'POST /api/nutrition2/v1/migration/status/{year}':
    'Move the nutrition data from a crop year on to the current format',
  // permissions
  'GET /api/holdings/v1/permissions':
    "The holding's users, their permissions, cropping access and invitations",
  'DELETE /api/holdings/v1/invites/cancel': 'Cancel an invitation to the holding',
  // signup
  'GET /api/signup/v1/data': 'What the sign-up wizard shows: the account so far and its choices',
  'POST /api/signup/v1/setup': 'Finish setting up the account',
  'POST /api/signup/v1/cancel': 'Cancel the sign-up and remove the account being set up',
  'GET /api/signup/v1/addresses/lookup/{text}': 'Addresses matching a postcode or part of an address',
  'GET /api/signup/v1/addresses/get/{udprn}': 'One address, by its delivery point number',
  // documents
  'GET /api/import/document/read/{holdingId}/{x}': 'The document library of a crop year, or of every year',
  'POST /api/import/document/read/ids': 'The documents with these ids that the caller may see',
  'POST /api/import/document/import/{holdingId}/{yearId}': 'Upload documents and photos',
  'POST /api/import/document/delete/{id}': 'Delete a document',
  'POST /api/import/document/edit': "Change a document's name, notes, date or links to fields and croppings",
  'GET /api/img/{holdingId}/{name}/{ext}': "A document's file or its thumbnail",
  // resources
  'GET /resources/{lang}/text.json': "A language's texts",
  'GET /api/intl/v1/text/language/{lang}': "A language's texts",
  // layers
  'GET /api/layers/v1/types': "The layer types and the caller's variant and cloud rights",
  'GET /api/layers/v1/holding/{holdingId}/year/{yearId}': "The layers of a holding's crop year",
  'GET /api/layers/v1/holding/{holdingId}/year/{yearId}/totals':
    "Product totals of the crop year's application layers",
  'POST /api/layers/v1': 'Create a layer',
  'PUT /api/layers/v1/{id}': "Change a layer's name, values or settings",
  'DELETE /api/layers/v1/{id}': 'Delete a layer',
  'GET /api/layers/v1/{id}/zones': 'One layer with its zones',
  'GET /api/layers/v1/{id}/points': "One layer's point data",
  'POST /api/layers/v1/{id}/zones/add': 'Add a zone on top of the others',
  'POST /api/layers/v1/{id}/zones/restore': "Restore the layer's zones as they were when editing began",
  'POST /api/layers/v1/{id}/zones/cut': 'Cut a shape out of the zones',
  'POST /api/layers/v1/{id}/zones/split': 'Split a zone by a line',
  'POST /api/layers/v1/{id}/zones/merge': 'Merge zones into one',
  'POST /api/layers/v1/{id}/reset': 'Reset every zone to its calculated value or initial rate',
  'PUT /api/layers/v1/{id}/zones/{zoneId}': "Change a zone's values or shape",
  'DELETE /api/layers/v1/{id}/zones/{zoneId}': 'Delete a zone',
  'POST /api/layers/v1/{id}/zones/{zoneId}/reset': 'Reset a zone to its calculated value or initial rate',
  'POST /api/layers/v1/requirement': 'Create a nutrient requirement layer from a soil analysis layer',
  'POST /api/layers/v1/application': 'Create an application layer from a requirement layer and a product',
  'POST /api/layers/v1/import/preview': 'Read a soil or yield file and answer its columns',
  'POST /api/layers/v1/import/{importId}/commit': 'Import a read soil or yield file with its column mapping',
  'GET /api/layers/v1/import/tasks/{taskId}': "A layer import's progress",
};
