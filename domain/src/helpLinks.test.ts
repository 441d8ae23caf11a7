import { describe, expect, it } from 'vitest';
import {
  formatHelpVideoIds,
  helpCatalogue,
  helpLinksForPath,
  parseHelpVideoIds,
  helpVideoEmbedUrl,
  helpVideoWatchUrl,
  isValidHelpLink,
} from './helpLinks.ts';
import { menuItems } from './menu.ts';
import { Role } from './roles.ts';

const videos = {
  gettingStarted: 'hD3kQm7pLw2',
  fieldsAndCroppings: 'Fq8vT1nRx0c',
  mapLayers: 'Lm4yZ9bWc6s',
  editingBoundaries: 'Bx2nH5pKe8t',
};

describe('the help-link catalogue', () => {
  it('names only modules of the main menu, with well-formed manual paths', () => {
    const menuIds = new Set(menuItems.map((item) => item.id));
    for (const [moduleId, items] of Object.entries(helpCatalogue)) {
      expect(menuIds.has(moduleId)).toBe(true);
      expect(items.length).toBeGreaterThan(0);
      for (const link of helpLinksForPath(`/${moduleId}`, Role.Client, videos))
        expect(isValidHelpLink(link)).toBe(true);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    }
  });

  it('offers a video only where the server has its id, and reads and writes that setting', () => {
    expect(helpLinksForPath('/datalayers', Role.Client).map((link) => link.id)).toEqual(['mapGuide']);
    expect(helpLinksForPath('/datalayers', Role.Client, { mapLayers: 'Lm4yZ9bWc6s' })).toEqual([
      { id: 'mapLayers', kind: 'video', videoId: 'Lm4yZ9bWc6s' },
      { id: 'mapGuide', kind: 'document', pdfPath: '/help/map-layers.pdf' },
    ]);
    const setting = ' gettingStarted=hD3kQm7pLw2 , mapLayers=Lm4yZ9bWc6s,';
    const parsed = parseHelpVideoIds(setting);
    expect(parsed).toEqual({ ok: true, videos: { gettingStarted: 'hD3kQm7pLw2', mapLayers: 'Lm4yZ9bWc6s' } });
    expect(parsed.ok && formatHelpVideoIds(parsed.videos)).toBe(
      'gettingStarted=hD3kQm7pLw2,mapLayers=Lm4yZ9bWc6s',
    );
    expect(parseHelpVideoIds('')).toEqual({ ok: true, videos: {} });
    expect(parseHelpVideoIds('nothing=hD3kQm7pLw2').ok).toBe(false);
    expect(parseHelpVideoIds('mapLayers=short').ok).toBe(false);
    expect(parseHelpVideoIds('mapLayers="><script>').ok).toBe(false);
    expect(formatHelpVideoIds({ mapLayers: '"><script>', elsewhere: 'hD3kQm7pLw2' })).toBe('');
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
    expect(helpLinksForPath('/fields', Role.Client, videos).map((link) => link.id)).toEqual([
      'fieldsAndCroppings',
      'fieldsGuide',
      'userGuide',
    ]);
    expect(helpLinksForPath('/fields/cropping/12', Role.Client, videos)).toHaveLength(3);
    expect(helpLinksForPath('/nowhere', Role.Client)).toEqual([]);
  });

  it('hides the items flagged as not for the Access role from that role only', () => {
    expect(helpLinksForPath('/datalayers', Role.Access, videos).map((link) => link.id)).toEqual([
      'mapLayers',
      'mapGuide',
    ]);
    expect(helpLinksForPath('/datalayers', Role.AccessPlus, videos)).toHaveLength(3);
    expect(helpLinksForPath('/fields', Role.Access, videos).map((link) => link.id)).toEqual(['userGuide']);
  });

  it('builds the player and watch-page addresses from a video id', () => {
    expect(helpVideoEmbedUrl('hD3kQm7pLw2')).toBe('https://www.youtube-nocookie.com/embed/hD3kQm7pLw2?rel=0');
    expect(helpVideoWatchUrl('hD3kQm7pLw2')).toBe('https://www.youtube.com/watch?v=hD3kQm7pLw2');
  });
});
