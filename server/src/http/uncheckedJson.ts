/**
 * Route option for the largest list answers (a year's fields or croppings of a whole holding, several
 * megabytes): they are written with JSON.stringify alone, without zod walking every object of the answer
 * again on the way out. Their presenters build exactly the schema's shape, and the routes' tests check each
 * answer against the response schema, so the schema still documents and guards them.
 */
export const uncheckedJsonAnswer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
