import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, shown failing on a bad import and passing on the allowed one:
 * a rule that never fires would let the structure drift back unnoticed.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: 'eslint.config.js' });

/** The `no-restricted-imports` messages ESLint gives `code` as if it were the file at `filePath`. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe('a module uses another only through its service', () => {
  const file = 'server/src/modules/fields/example.ts';

  it("refuses another module's queries, presenters or helpers", async () => {
    for (const target of [
      '../croppings/croppings.queries.ts',
      '../session/session.presenters.ts',
      '../croppings/croppingResponses.ts',
    ]) {
      const messages = await restrictedImports(file, `import { x } from '${target}';${use('x')}`);
      expect(messages, target).toHaveLength(1);
      expect(messages[0]).toContain('*.service.ts');
    }
  });

  it("allows another module's service, its own files and the core", async () => {
    const code = [
      "import { a } from '../croppings/croppings.service.ts';",
      "import { b } from './fields.queries.ts';",
      "import { c } from '../../auth/caller.ts';",
      "import { d } from '../../db/sqlRows.ts';",
      use('[a, b, c, d]'),
    ].join('\n');
    expect(await restrictedImports(file, code)).toEqual([]);
  });

  it('applies to test files of a module too', async () => {
    const messages = await restrictedImports(
      'server/src/modules/user/user.test.ts',
      `import { linksOf } from '../signup/signup.queries.ts';${use('linksOf')}`,
    );
    expect(messages).toHaveLength(1);
  });
});

describe('the core never imports a module', () => {
  it('refuses a module import from auth/, db/ (the demo seed included), http/ and plugins/', async () => {
    for (const file of [
      'server/src/auth/x.ts',
      'server/src/db/seed/x.ts',
      'server/src/http/x.ts',
      'server/src/plugins/x.ts',
    ]) {
      const up = file.split('/').length - 3;
      const target = `${'../'.repeat(up)}modules/fields/fields.service.ts`;
      const messages = await restrictedImports(file, `import { x } from '${target}';${use('x')}`);
      expect(messages, file).toHaveLength(1);
      expect(messages[0]).toContain('core must not import a module');
    }
  });

  it('allows the core to import itself', async () => {
    const code = `import { sqlRows } from '../db/sqlRows.ts';${use('sqlRows')}`;
    expect(await restrictedImports('server/src/auth/x.ts', code)).toEqual([]);
  });
});

describe('a service holds no SQL', () => {
  // A service file that has been cleaned (holdings.service.ts holds rules and transactions only).
  const service = 'server/src/modules/holdings/holdings.service.ts';

  it('refuses the drizzle builders and the raw row helper', async () => {
    const cases = [
      `import { sql } from 'drizzle-orm';${use('sql')}`,
      `import { and, eq } from 'drizzle-orm';${use('[and, eq]')}`,
      `import { sqlRows } from '../../db/sqlRows.ts';${use('sqlRows')}`,
      `import { users } from '../../db/schema.ts';${use('users')}`,
    ];
    for (const code of cases) {
      const messages = await restrictedImports(service, code);
      expect(messages, code).toHaveLength(1);
      expect(messages[0]).toContain('*.queries.ts');
    }
  });

  it('still refuses internals of other modules in a service', async () => {
    const code = `import { x } from '../fields/fields.queries.ts';${use('x')}`;
    expect(await restrictedImports(service, code)).toHaveLength(1);
  });

  it('allows types from drizzle and statements in the queries file', async () => {
    expect(
      await restrictedImports(service, `import type { SQL } from 'drizzle-orm';\nexport type S = SQL;\n`),
    ).toEqual([]);
    const queries = `import { sql } from 'drizzle-orm';${use('sql')}`;
    expect(await restrictedImports('server/src/modules/holdings/holdings.queries.ts', queries)).toEqual([]);
  });
});
