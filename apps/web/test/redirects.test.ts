import { describe, expect, it } from 'vitest';
import { permanentRedirect } from '../server/redirects';

describe('permanentRedirect (spec §2.2)', () => {
  it('sends the old storefronts to their new names, with or without a trailing slash', () => {
    expect(permanentRedirect('/lux/')).toBe('/euro/');
    expect(permanentRedirect('/lux')).toBe('/euro/');
    expect(permanentRedirect('/eco/', '?utm_medium=x')).toBe('/sports-outdoors/?utm_medium=x');
  });

  it('applies every renamed category short link', () => {
    expect(permanentRedirect('/c/sports/sweatshirts-joggers/')).toBe('/c/sports/sweatshirts/');
    expect(permanentRedirect('/c/outdoor/gym-hiking-bags-backpacks/')).toBe('/c/outdoor/backpacks/');
    expect(permanentRedirect('/c/outdoor/golf-balls/')).toBe('/sports-outdoors/');
    expect(permanentRedirect('/c/outdoor/volleyballs')).toBe('/sports-outdoors/');
    expect(permanentRedirect('/c/outdoor/tennis-badminton-balls/')).toBe('/c/outdoor/tennis/');
    expect(permanentRedirect('/c/outdoor/ski-protective-gear-ski-wear/')).toBe('/c/outdoor/ski-protective-gear/');
    expect(permanentRedirect('/c/outdoor/camping-tents-sleeping-bags/')).toBe('/c/outdoor/camping-tents/');
    expect(permanentRedirect('/c/outdoor/skateboarding-rollerblading/')).toBe('/c/outdoor/rollerblading/');
    expect(permanentRedirect('/c/outdoor/knee-elbow-wrist-supports/')).toBe('/c/outdoor/sports-protective-gear/');
    expect(permanentRedirect('/c/outdoor/yoga-mats-exercise-balls/')).toBe('/c/outdoor/yoga-mats/');
  });

  it('adds a trailing slash and keeps the query string', () => {
    expect(permanentRedirect('/outlet')).toBe('/outlet/');
    expect(permanentRedirect('/prod/red-dress', '?id=4')).toBe('/prod/red-dress/?id=4');
    expect(permanentRedirect('/outlet/')).toBeNull();
    expect(permanentRedirect('/')).toBeNull();
  });

  it('leaves file paths alone and treats /index.html as /', () => {
    for (const p of ['/sitemap.xml', '/robots.txt', '/a/b.json', '/x.js', '/x.js.map', '/doc.pdf', '/sweepstake/game/index.html'])
      expect(permanentRedirect(p)).toBeNull();
    expect(permanentRedirect('/index.html', '?a=1')).toBe('/?a=1');
    expect(permanentRedirect('/prod/red-dress.data', '?id=4')).toBeNull();
    expect(permanentRedirect('/__manifest', '?p=%2F')).toBeNull();
  });

  it('never produces a protocol-relative Location', () => {
    expect(permanentRedirect('//evil.example')).toBeNull();
  });
});
