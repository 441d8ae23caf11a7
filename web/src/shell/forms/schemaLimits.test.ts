import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { croppingWriteSchema, fieldWriteSchema } from '@headland/domain/api/fieldsApi';
import { holdingQueryMaxLength, holdingQuerySchema } from '@headland/domain/api/sessionApi';
import { numberLimits, textLimits } from './schemaLimits.ts';

describe('limits read from the server schemas', () => {
  it('reads the longest text through optional and nullable wrappers', () => {
    expect(textLimits(fieldWriteSchema.shape.Name)).toEqual({ maxLength: 200 });
    expect(textLimits(croppingWriteSchema.shape.CropDescr)).toEqual({ maxLength: 250 });
    expect(textLimits(holdingQuerySchema.shape.query)).toEqual({ maxLength: holdingQueryMaxLength });
    expect(textLimits(z.string())).toEqual({});
  });

  it('reads the range of a number', () => {
    expect(numberLimits(fieldWriteSchema.shape.WholeArea)).toEqual({ min: 0, max: 1_000_000 });
    expect(numberLimits(croppingWriteSchema.shape.TargetpH)).toEqual({ min: 0, max: 14 });
    expect(numberLimits(croppingWriteSchema.shape.ManureSpreadArea)).toEqual({
      min: -1_000_000,
      max: 1_000_000,
    });
    expect(numberLimits(z.number().int())).toEqual({});
  });
});
