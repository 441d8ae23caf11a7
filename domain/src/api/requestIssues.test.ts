import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { requestIssueOf } from './requestIssues';

function issuesOf(schema: z.ZodType, data: unknown, where = 'body') {
  const result = schema.safeParse(data);
  if (result.success) throw new Error('expected issues');
  return result.error.issues.map((issue) => requestIssueOf(issue, where, data));
}

describe('requestIssueOf', () => {
  const schema = z.object({
    query: z.string().max(100),
    Id: z.number().int().positive(),
    Area: z.number().max(1_000_000),
    Kind: z.enum(['a', 'b']),
    List: z.array(z.number()).max(1),
    Nested: z.object({ Name: z.string() }),
  });

  it('gives each issue a code with its parameters and the field path', () => {
    const issues = issuesOf(schema, {
      query: 'x'.repeat(101),
      Id: 1.5,
      Area: 1e308,
      Kind: 'c',
      List: [1, 2],
      Nested: {},
    });
    expect(issues).toEqual([
      { Field: 'query', Code: 'tooLong', Params: { max: 100, inclusive: true } },
      { Field: 'Id', Code: 'notWhole', Params: {} },
      { Field: 'Area', Code: 'tooLarge', Params: { max: 1_000_000, inclusive: true } },
      { Field: 'Kind', Code: 'notAllowed', Params: { values: 'a, b' } },
      { Field: 'List', Code: 'tooMany', Params: { max: 1, inclusive: true } },
      { Field: 'Nested.Name', Code: 'required', Params: {} },
    ]);
  });

  it('tells a missing value from one of the wrong type, and names the part when the whole is wrong', () => {
    expect(issuesOf(z.object({ a: z.string() }), { a: 3 })).toEqual([
      { Field: 'a', Code: 'wrongType', Params: { expected: 'string' } },
    ]);
    expect(issuesOf(z.object({ a: z.string() }), 'text', 'querystring')).toEqual([
      { Field: 'querystring', Code: 'wrongType', Params: { expected: 'object' } },
    ]);
  });

  it('reads a code a refinement gives', () => {
    const refined = z.string().refine((text) => !text.includes('!'), { params: { code: 'invalid' } });
    expect(issuesOf(z.object({ t: refined }), { t: '!' })[0]).toMatchObject({ Field: 't', Code: 'invalid' });
  });
});
