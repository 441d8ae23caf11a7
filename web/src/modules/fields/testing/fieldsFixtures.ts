// The fixtures live beside the schemas they meet, so that the domain's own tests use them too.
export { aCropping, aField } from '@headland/domain/testing/fieldResponses';
