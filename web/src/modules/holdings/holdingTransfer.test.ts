import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './holdingTransfer.ts';

describe('attachmentFileName', () => {
  it.each([
    ['attachment; filename="brook-farm.zip"', 'brook-farm.zip'],
    ['attachment; filename=brook.zip', 'brook.zip'],
    ["attachment; filename*=UTF-8''Br%C3%BCck.zip", 'Brück.zip'],
    ['attachment', 'holding-11.zip'],
    [null, 'holding-11.zip'],
  ])('reads %j as %j', (header, name) => {
    expect(attachmentFileName(header, 'holding-11.zip')).toBe(name);
  });
});
