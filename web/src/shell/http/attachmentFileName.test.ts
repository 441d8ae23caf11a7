import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './attachmentFileName.ts';

describe('attachmentFileName', () => {
  it.each<[string | null, string | null]>([
    ['attachment; filename="brook-farm.zip"', 'brook-farm.zip'],
    ['attachment; filename=brook.zip', 'brook.zip'],
    ['attachment; filename = "spaced.zip" ; size=10', 'spaced.zip'],
    ['attachment; filename="say \\"hi\\".zip"', 'say "hi".zip'],
    ["attachment; filename*=UTF-8''Br%C3%BCck.zip", 'Brück.zip'],
    ["attachment; filename*=utf-8'en'Br%C3%BCck.zip", 'Brück.zip'],
    ["attachment; filename*=ISO-8859-1''Br%FCck.zip", 'Brück.zip'],
    ['attachment; filename="Bruck.zip"; filename*=UTF-8\'\'Br%C3%BCck.zip', 'Brück.zip'],
    ['attachment; filename="fallback.zip"; filename*=UTF-8\'\'%E0%A4%A.zip', 'fallback.zip'],
    ['attachment; filename=""', null],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (header, name) => {
    expect(attachmentFileName(header)).toBe(name);
  });
});
