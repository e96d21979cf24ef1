/**
 * Incremental validation (core/src/validationCache.ts): after any sequence of edits — each parsed
 * incrementally — the diagnostics of a service that keeps them are the diagnostics of a fresh
 * validation of the final text; also after the catalogue or the environment changes, and past the
 * cap of 1,000 diagnostics with a file variable past the bounds of expansion met by two requests;
 * and when a fact from outside the document that a kept request read changes (a file appears, a
 * sign-in, the account's rights), without an edit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { getLanguageService, parse, reparse, type Catalogue, type Environment, type LanguageService } from '../../core/src';
import { bundledCatalogue } from '../../core/src/bundled';
import { applyChange, changeOf, editBases, editSeedArb } from './edits';
import { fixtureCatalogue } from './fixtureCatalogue';
import { doc } from './helpers';

/** What the host says of the world outside the document (LanguageServiceParams' facts). */
interface Facts {
  files?: string[];
  signedIn?: boolean;
  rights?: string[];
}

function serviceOf(catalogue: () => Catalogue, env: () => Environment | undefined, incremental: boolean, facts: () => Facts = () => ({})): LanguageService {
  return getLanguageService({
    catalogues: { get: () => catalogue() },
    environment: env,
    incremental,
    fileExists: (uri) => facts().files?.includes(uri) ?? true,
    signedIn: () => facts().signedIn,
    accountRights: () => facts().rights,
    onError: (feature, e) => {
      throw new Error(`${feature} threw: ${e instanceof Error ? e.stack : String(e)}`);
    },
  });
}

const fixture = fixtureCatalogue();
const ENV: Environment = { endpoint: 'https://env.example/api.php', variables: { limit: '5', v0: 'a' } };

const chain = Array.from({ length: 22 }, (_, i) => `@c${i} = ${i === 21 ? 'abcdefgh' : `{{c${i + 1}}}{{c${i + 1}}}`}`).join('\n');
const unknown = (k: number) => Array.from({ length: 400 }, (_, i) => `nosuch${k}x${i} = 1`).join('\n');
/** Over 1,000 diagnostics, and a file variable past 1 MB used by two requests. */
const capped = `${chain}\n### A\naction = query\nlist = allimages\naifrom = {{c0}}\n${unknown(1)}\n### B\naction = query\nlist = allimages\naifrom = {{c0}}\n${unknown(2)}\n### C\naction = query\n${unknown(3)}\n`;

function check(base: string, seeds: Array<{ from: number; length: number; text: string }>, catalogue: Catalogue, env?: Environment): void {
  const kept = serviceOf(() => catalogue, () => env, true);
  const fresh = serviceOf(() => catalogue, () => env, false);
  let text = base;
  let file = parse(text);
  kept.doValidation(doc(text), file);
  for (const seed of seeds) {
    const change = changeOf(text, seed);
    text = applyChange(text, change);
    // Now and then a full parse (new nodes for every request: found again by their text's hash).
    file = seed.length % 4 === 3 ? parse(text) : reparse(file, change);
    const d = doc(text);
    assert.deepStrictEqual(kept.doValidation(d, file), fresh.doValidation(d, parse(text)));
  }
}

describe('incremental validation', () => {
  for (const base of editBases) {
    it(`random edit sequences of ${base.name}: the diagnostics of the final text`, () => {
      fc.assert(fc.property(fc.array(editSeedArb, { minLength: 1, maxLength: 8 }), fc.boolean(), (seeds, withFixture) => {
        check(base.text, seeds, withFixture ? fixture : bundledCatalogue(), withFixture ? ENV : undefined);
      }), { seed: 4242, numRuns: 40 });
    });
  }

  it('past the cap, with a file variable past the bounds met by two requests', () => {
    fc.assert(fc.property(fc.array(editSeedArb, { minLength: 1, maxLength: 4 }), (seeds) => check(capped, seeds, bundledCatalogue())), { seed: 99, numRuns: 12 });
    const diagnostics = serviceOf(() => bundledCatalogue(), () => undefined, true).doValidation(doc(capped));
    assert.equal(diagnostics.length, 1001);
    assert.equal(diagnostics.at(-1)!.code, 'too-many-diagnostics');
    assert.equal(diagnostics.filter((d) => d.code === 'variable-too-large').length, 1);
  });

  it('a catalogue that arrives and an environment that changes are taken into account', () => {
    let catalogue: Catalogue = bundledCatalogue();
    let env: Environment | undefined;
    const kept = serviceOf(() => catalogue, () => env, true);
    const text = editBases.map((b) => b.text).join('\n');
    const file = parse(text);
    const fresh = () => serviceOf(() => catalogue, () => env, false).doValidation(doc(text), parse(text));
    assert.deepStrictEqual(kept.doValidation(doc(text), file), fresh());
    catalogue = fixture;
    assert.deepStrictEqual(kept.doValidation(doc(text), file), fresh());
    env = ENV;
    assert.deepStrictEqual(kept.doValidation(doc(text), file), fresh());
    env = { ...ENV, variables: { limit: 'many' } };
    assert.deepStrictEqual(kept.doValidation(doc(text), file), fresh());
    kept.forget(doc(text).uri);
    assert.deepStrictEqual(kept.doValidation(doc(text), file), fresh());
  });
});

describe('incremental validation: facts from outside the document', () => {
  /** Validates `text` once per step, unchanged, with that step's facts: the codes expected, and a fresh validation's diagnostics. */
  function checkFacts(text: string, steps: Array<{ facts: Facts; codes: string[] }>): void {
    let facts: Facts = {};
    const kept = serviceOf(() => bundledCatalogue(), () => undefined, true, () => facts);
    const file = parse(text);
    for (const step of steps) {
      facts = step.facts;
      const got = kept.doValidation(doc(text), file);
      assert.deepStrictEqual(got.map((d) => d.code), step.codes, JSON.stringify(step.facts));
      assert.deepStrictEqual(got, serviceOf(() => bundledCatalogue(), () => undefined, false, () => facts).doValidation(doc(text), parse(text)));
    }
  }
  const EDIT = '@endpoint = https://w.example/w/api.php\n### E\naction = edit\ntitle = X\ntext = < ./page.wiki\nsummary = S\nbot\n### R\naction = query\nmeta = siteinfo\n';
  const cases: Array<{ name: string; text: string; steps: Array<{ facts: Facts; codes: string[] }> }> = [
    { name: 'a file made after the first validation clears missing-file; removed, it is back', text: 'action = parse\ntext = < ./page.wiki\n', steps: [
      { facts: { files: [] }, codes: ['missing-file'] },
      { facts: { files: ['file:///page.wiki'] }, codes: [] },
      { facts: { files: [] }, codes: ['missing-file'] },
    ] },
    { name: 'a sign-in clears write-without-credentials; the rights, once known, bring bot-without-right', text: EDIT, steps: [
      { facts: { signedIn: false }, codes: ['write-without-credentials'] },
      { facts: { signedIn: true }, codes: [] },
      { facts: { signedIn: true, rights: ['edit'] }, codes: ['bot-without-right'] },
      { facts: { signedIn: true, rights: ['edit', 'bot'] }, codes: [] },
      { facts: {}, codes: [] },
    ] },
  ];
  for (const c of cases) it(c.name, () => checkFacts(c.text, c.steps));
});
