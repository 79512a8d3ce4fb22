import { describe, expect, it } from 'vitest';
import { APP_SCREENS, contentScreenPath, isAppScreen, parseAppScreen, SCREEN_CONTENT_KINDS } from '../../src/contracts/app-screens';

const ID = '0b5e2c1a-7d7e-4a53-9c1f-2f7d7a0c9e11';

describe('the app screens a notification may open', () => {
  it('knows every fixed screen it lists', () => {
    for (const screen of APP_SCREENS) expect(parseAppScreen(screen.path)).toEqual({ kind: 'screen', path: screen.path });
  });

  it("reads a content item's page with its kind and id, a challenge with its subtype", () => {
    expect(parseAppScreen(`/articles/${ID}`)).toEqual({ kind: 'article', id: ID, path: `/articles/${ID}` });
    expect(parseAppScreen(`/challenges/pickem/${ID}`)).toEqual({
      kind: 'challenge',
      subtype: 'pickem',
      id: ID,
      path: `/challenges/pickem/${ID}`,
    });
    for (const kind of SCREEN_CONTENT_KINDS) expect(parseAppScreen(contentScreenPath(kind, ID, 'poll'))).toMatchObject({ kind, id: ID });
  });

  it('refuses what the app has no screen for', () => {
    for (const path of [
      '/',
      '/nowhere',
      '/dashboard/',
      '/dashboard?x=1',
      '/articles/',
      '/articles/123',
      `/challenges/bingo/${ID}`,
      `/articles/${ID}/more`,
      'https://example.com',
      '//evil.example/x',
      '/admin',
      '/welcome',
    ]) {
      expect(isAppScreen(path), path).toBe(false);
    }
  });
});
