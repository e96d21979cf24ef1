/**
 * Ratio tests: the cost per line (or per value) of parsing stays flat from small files to big
 * ones, on every shape of file (see shapes.ts). Measured as a ratio within one run, best of N, so
 * a slow or busy machine does not make it fail; a quadratic step does (100× the input, 100× the
 * cost per unit).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from '../../core/src/parser/parser';
import { scalingRatio, shapes } from './shapes';

const SMALL = Number(process.env.WIKIQ_SCALING_SMALL ?? 1000);
const BIG = Number(process.env.WIKIQ_SCALING_BIG ?? 100000);

describe('parsing scales linearly', () => {
  for (const name of Object.keys(shapes)) {
    it(`${name}: time per unit at ${BIG} within 3× of ${SMALL}`, () => {
      const ratio = scalingRatio(parse, shapes[name], SMALL, BIG, 3);
      assert.ok(ratio <= 3, `${name}: time per unit ${ratio.toFixed(2)}× at ${BIG} units vs ${SMALL}`);
    });
  }
});
