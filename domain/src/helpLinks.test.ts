import { describe, expect, it } from 'vitest';
import {
  helpCatalogue,
  helpLinksForPath,
  helpVideoEmbedUrl,
  helpVideoWatchUrl,
  isValidHelpLink,
} from './helpLinks.ts';
import { menuItems } from './menu.ts';
import { Role } from './roles.ts';

describe('the help-link catalogue', () => {
  it('names only modules of the main menu, with well-formed video ids and manual paths', () => {
    const menuIds = new Set(menuItems.map((item) => item.id));
    for (const [moduleId, links] of Object.entries(helpCatalogue)) {
      expect(menuIds.has(moduleId)).toBe(true);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(isValidHelpLink(link)).toBe(true);
      expect(new Set(links.map((link) => link.id)).size).toBe(links.length);
    }
  });

  it('refuses a video id or manual path of the wrong shape', () => {
    expect(isValidHelpLink({ id: 'x', kind: 'video', videoId: 'short' })).toBe(false);
    expect(isValidHelpLink({ id: 'x', kind: 'video', videoId: 'a"><script>' })).toBe(false);
    expect(isValidHelpLink({ id: 'x', kind: 'document', pdfPath: 'https://elsewhere.example/a.pdf' })).toBe(
      false,
    );
    expect(isValidHelpLink({ id: 'x', kind: 'document', pdfPath: '/help/../secret.pdf' })).toBe(false);
  });

  it("answers the items of the module a path belongs to, the module's sub-pages included", () => {
    expect(helpLinksForPath('/fields', Role.Client).map((link) => link.id)).toEqual([
      'fieldsAndCroppings',
      'fieldsGuide',
      'userGuide',
    ]);
    expect(helpLinksForPath('/fields/cropping/12', Role.Client)).toHaveLength(3);
    expect(helpLinksForPath('/nowhere', Role.Client)).toEqual([]);
  });

  it('hides the items flagged as not for the Access role from that role only', () => {
    expect(helpLinksForPath('/datalayers', Role.Access).map((link) => link.id)).toEqual([
      'mapLayers',
      'mapGuide',
    ]);
    expect(helpLinksForPath('/datalayers', Role.AccessPlus)).toHaveLength(3);
    expect(helpLinksForPath('/fields', Role.Access).map((link) => link.id)).toEqual(['userGuide']);
  });

  it('builds the player and watch-page addresses from a video id', () => {
    expect(helpVideoEmbedUrl('hD3kQm7pLw2')).toBe('https://www.youtube-nocookie.com/embed/hD3kQm7pLw2?rel=0');
    expect(helpVideoWatchUrl('hD3kQm7pLw2')).toBe('https://www.youtube.com/watch?v=hD3kQm7pLw2');
  });
});
