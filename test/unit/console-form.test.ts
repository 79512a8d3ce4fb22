/**
 * The operator console's form machinery, as pure functions: a zod contract's issues and a 422 answer's
 * `details[].path` become messages keyed by the field they name; date-times are the organization's wall-clock time
 * (through `@date-fns/tz`) and travel as UTC instants, across daylight-saving changes; the body a form sends holds
 * only the declared fields with their French texts; a challenge's body passes the shared `ChallengeInputSchema` and
 * its errors land on the right option or question; a story's rank code is kept apart from its title.
 */
import { describe, expect, it } from 'vitest';
import { ActivationInputSchema } from '../../src/contracts/admin/activation';
import { ChallengeInputSchema } from '../../src/contracts/admin/challenge';
import { OrganizationPatchSchema } from '../../src/contracts/admin/organization';
import { RESOURCES } from '../../src/features/console/resources';
import { AdminStorySchema, StoryInputSchema } from '../../src/contracts/admin/story';
import { fromZonedInput, toZonedInput } from '../../src/features/console/form/datetime';
import { pathKey, serverFieldErrors, issueFieldErrors } from '../../src/features/console/form/field-errors';
import { getBy, setBy } from '@tanstack/react-form';
import { bodyOf, initialValues, type FieldSpec } from '../../src/features/console/form/fields';
import { challengeBody, challengeValues, newChallengeValues, previewChallenge } from '../../src/features/console/form/challenge-form';
import { splitRankTitle, storyBody, storyValues } from '../../src/features/console/form/story-form';

const poll = () => {
  let values = newChallengeValues('2026-11-23T09:00:00.000Z');
  values = setBy(values, 'title', 'Who wins on Sunday?');
  values = setBy(values, 'translations.fr.title', 'Qui gagne dimanche ?');
  values = setBy(values, 'options.0.text', 'Home');
  values = setBy(values, 'options.1.text', 'Away');
  return values;
};

describe('field errors', () => {
  it('a zod issue becomes the message of the field at its path, the first message of a path winning', () => {
    const result = ChallengeInputSchema.safeParse(challengeBody(setBy(setBy(poll(), 'title', ''), 'options.1.text', '')));
    expect(result.success).toBe(false);
    const errors = issueFieldErrors(result.error!.issues);
    expect(errors.title).toBe('Required');
    expect(errors['options.1.text']).toBe('Required');
    expect(errors['options.0.text']).toBeUndefined();
  });

  it('cross-field rules land on the field they name (an end before the start, a trivia answer out of range)', () => {
    const ended = challengeBody(setBy(poll(), 'expiresOn', '2026-11-22T09:00:00.000Z'));
    expect(issueFieldErrors(ChallengeInputSchema.safeParse(ended).error!.issues)).toEqual({ expiresOn: 'Must be after visibleFrom' });
    let trivia = setBy(poll(), 'subtype', 'trivia');
    trivia = setBy(trivia, 'questions.0', { text: 'Year founded?', options: ['1950', '1960'], correctIndex: 5, points: 10 });
    expect(issueFieldErrors(ChallengeInputSchema.safeParse(challengeBody(trivia)).error!.issues)).toEqual({
      'questions.0.correctIndex': "Must be one of the question's options",
    });
  });

  it("the server's 422 details map back to fields by their dotted or array path; malformed entries are skipped", () => {
    const details = [
      { path: 'options.0.mediaId', message: 'No such media' },
      { path: ['questions', 1, 'text'], message: 'Required' },
      { path: 'options.0.mediaId', message: 'second message' },
      { message: 'no path' },
      'nonsense',
      { path: '', message: 'Invalid request body' },
    ];
    expect(serverFieldErrors(details)).toEqual({
      'options.0.mediaId': 'No such media',
      'questions.1.text': 'Required',
      '': 'Invalid request body',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
    expect(pathKey(['translations', 'fr', 'options', 2])).toBe('translations.fr.options.2');
  });
});

describe('date-times in the organization time zone', () => {
  it('shows an instant as wall-clock time of the zone and reads it back as the same instant', () => {
    expect(toZonedInput('2026-11-23T16:30:00.000Z', 'Europe/Paris')).toBe('2026-11-23T17:30');
    expect(toZonedInput('2026-07-01T16:30:00.000Z', 'Europe/Paris')).toBe('2026-07-01T18:30');
    expect(toZonedInput('2026-11-23T16:30:00.000Z', 'America/New_York')).toBe('2026-11-23T11:30');
    expect(fromZonedInput('2026-11-23T17:30', 'Europe/Paris')).toBe('2026-11-23T16:30:00.000Z');
    expect(fromZonedInput('2026-07-01T18:30', 'Europe/Paris')).toBe('2026-07-01T16:30:00.000Z');
    expect(fromZonedInput('2026-11-23T11:30', 'America/New_York')).toBe('2026-11-23T16:30:00.000Z');
    expect(fromZonedInput('2026-11-23T17:30', 'Asia/Kolkata')).toBe('2026-11-23T12:00:00.000Z');
  });

  it("does not depend on the operator's own time zone, and round-trips across a daylight-saving change", () => {
    // 2026-03-29 in Paris: 01:59 CET is followed by 03:00 CEST.
    expect(fromZonedInput('2026-03-29T01:30', 'Europe/Paris')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromZonedInput('2026-03-29T03:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    for (const iso of ['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T03:00:00.000Z']) {
      expect(fromZonedInput(toZonedInput(iso, 'Europe/Paris'), 'Europe/Paris')).toBe(iso);
    }
    // 2026-10-25: 02:30 happens twice in Paris (CEST, then CET); the wall-clock input means the later one.
    expect(toZonedInput('2026-10-25T00:30:00.000Z', 'Europe/Paris')).toBe('2026-10-25T02:30');
    expect(fromZonedInput('2026-10-25T02:30', 'Europe/Paris')).toBe('2026-10-25T01:30:00.000Z');
  });

  it('an empty or malformed value is no date', () => {
    expect(toZonedInput(null, 'Europe/Paris')).toBe('');
    expect(toZonedInput('not a date', 'Europe/Paris')).toBe('');
    expect(fromZonedInput('', 'Europe/Paris')).toBeNull();
    expect(fromZonedInput('2026-11-23', 'Europe/Paris')).toBeNull();
  });
});

describe('form values and request bodies', () => {
  const fields: FieldSpec[] = [
    { name: 'title', kind: 'text', translatable: true },
    { name: 'entryCost', kind: 'number' },
    { name: 'maxEntriesPerUser', kind: 'number', nullable: true },
    { name: 'mediaId', kind: 'media', nullable: true },
    { name: 'badges', kind: 'list' },
    { name: 'draft', kind: 'checkbox', initial: true },
  ];

  it('reads and writes values by dotted path without changing the original', () => {
    const values = initialValues(fields);
    const next = setBy(values, 'translations.fr.title', 'Titre');
    expect(getBy(next, 'translations.fr.title')).toBe('Titre');
    expect(getBy(values, 'translations.fr.title')).toBe('');
    expect(setBy({ options: [] }, 'options.1.text', 'B')).toEqual({ options: [undefined, { text: 'B' }] });
  });

  it('sends only the declared fields: numbers as numbers, empty optional ones as null, list lines trimmed, empty French left out', () => {
    let values: Record<string, unknown> = { ...initialValues(fields), id: 'x', status: 'live', updatedAt: 'y' };
    values = setBy(values, 'title', 'Win a helmet');
    values = setBy(values, 'entryCost', '25');
    values = setBy(values, 'badges', [' gold ', '', 'silver']);
    values = setBy(values, 'translations', { fr: { title: '  ' }, de: { title: 'Helm' } });
    expect(bodyOf(fields, values)).toEqual({
      title: 'Win a helmet',
      entryCost: 25,
      maxEntriesPerUser: null,
      mediaId: null,
      badges: ['gold', 'silver'],
      draft: true,
      translations: { fr: {}, de: { title: 'Helm' } },
    });
  });

  it("an activation's badges are rows: each keeps its id, sends its French texts and passes the shared contract", () => {
    const activation = RESOURCES.find((r) => r.path === 'activations')!;
    let values = initialValues(activation.fields);
    values = setBy(values, 'slug', 'paddock-tour');
    values = setBy(values, 'title', 'Paddock tour');
    values = setBy(values, 'startsAt', '2026-11-23T09:00:00.000Z');
    values = setBy(values, 'badges', [
      {
        id: '6f1c1b7e-3a51-4e8f-9b0b-2f7f9c3f4a10',
        slug: 'pit-lane',
        name: 'Pit lane',
        description: '',
        mediaId: null,
        translations: { fr: { name: 'Voie des stands' } },
      },
      initialValues(activation.fields.find((f) => f.name === 'badges')!.rowFields!),
    ]);
    values = setBy(values, 'badges.1.slug', 'garage');
    values = setBy(values, 'badges.1.name', 'Garage');
    const body = bodyOf(activation.fields, values);
    expect(body.badges).toEqual([
      {
        id: '6f1c1b7e-3a51-4e8f-9b0b-2f7f9c3f4a10',
        slug: 'pit-lane',
        name: 'Pit lane',
        description: '',
        mediaId: null,
        translations: { fr: { name: 'Voie des stands' } },
      },
      { slug: 'garage', name: 'Garage', description: '', mediaId: null, translations: { fr: {} } },
    ]);
    expect(ActivationInputSchema.safeParse(body).success).toBe(true);
  });

  it('the check-in ladder is rows of points, numbered 1..n by position as the contract requires', () => {
    const ladder: FieldSpec = {
      name: 'checkinRewards',
      kind: 'rows',
      rowPosition: 'day',
      rowFields: [{ name: 'points', kind: 'number', required: true }],
    };
    const values = { checkinRewards: [{ day: 1, points: 10 }, { day: 3, points: '30' }, { points: 50 }] };
    const body = bodyOf([ladder], values);
    expect(body).toEqual({
      checkinRewards: [
        { day: 1, points: 10 },
        { day: 2, points: 30 },
        { day: 3, points: 50 },
      ],
    });
    expect(OrganizationPatchSchema.safeParse(body).success).toBe(true);
  });

  it("a challenge's body keeps only what its subtype uses and passes the shared contract", () => {
    const body = challengeBody(poll());
    expect(ChallengeInputSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      type: 'poll',
      subtype: 'poll',
      questions: [],
      keywords: [],
      correctIndex: null,
      translations: { fr: { title: 'Qui gagne dimanche ?' } },
    });
    let keyword = setBy(poll(), 'subtype', 'keyword');
    keyword = setBy(keyword, 'keywords', ['Monza', ' ']);
    expect(challengeBody(keyword)).toMatchObject({ type: 'input', options: [], keywords: ['Monza'] });
    expect(ChallengeInputSchema.safeParse(challengeBody(keyword)).success).toBe(true);
  });

  it("a pick'em's bonus for the right pick and its kick-off are sent, and the preview promises the bonus", () => {
    let pickem = setBy(poll(), 'subtype', 'pickem');
    pickem = setBy(pickem, 'points', '50');
    pickem = setBy(pickem, 'locksAt', '2026-11-24T18:00:00.000Z');
    const body = challengeBody(pickem);
    expect(body).toMatchObject({ subtype: 'pickem', points: 50, locksAt: '2026-11-24T18:00:00.000Z' });
    expect(ChallengeInputSchema.safeParse(body).success).toBe(true);
    expect(previewChallenge(body, 'en').maxPoints).toBe(10 + 50);
    // A plain poll has no bonus and no kick-off of its own, whatever the form still holds.
    expect(challengeBody(setBy(pickem, 'subtype', 'poll'))).toMatchObject({ points: 0, locksAt: null });
  });

  it("hiding results is sent for a poll or a pick'em, and dropped for other kinds whatever the form still holds", () => {
    const hidden = setBy(poll(), 'resultsHidden', true);
    expect(challengeBody(hidden)).toMatchObject({ resultsHidden: true });
    expect(ChallengeInputSchema.safeParse(challengeBody(hidden)).success).toBe(true);
    expect(challengeBody(setBy(hidden, 'subtype', 'pickem'))).toMatchObject({ resultsHidden: true });
    expect(challengeBody(setBy(hidden, 'subtype', 'arcade'))).toMatchObject({ resultsHidden: false });
  });

  it('duplicating a challenge copies it as a new draft, without its key or question ids', () => {
    const stored = {
      ...challengeBody(poll()),
      id: 'c1',
      key: 'season-1',
      draft: false,
      subtype: 'trivia' as const,
      type: 'trivia' as const,
      options: [],
      questions: [{ id: 'q-1', text: 'Q', options: ['a', 'b'], correctIndex: 1, points: 5 }],
    };
    const copy = challengeValues(stored, true);
    expect(copy).toMatchObject({ key: '', draft: true });
    expect((copy.questions as Array<{ id?: string }>)[0].id).toBeUndefined();
    expect(challengeBody(copy)).not.toHaveProperty('id');
    expect((challengeBody(challengeValues(stored)).questions as Array<{ id?: string }>)[0].id).toBe('q-1');
  });

  it('the preview is the challenge as a fan receives it, in French with English where no French was written', () => {
    const fr = previewChallenge(challengeBody(poll()), 'fr');
    expect(fr.title).toBe('Qui gagne dimanche ?');
    expect(fr.challengeType.options.map((o) => o.text)).toEqual(['Home', 'Away']);
    expect(fr.maxPoints).toBe(10);
  });

  it("a story's rank code is chosen apart from its title and written back in front of it", () => {
    expect(splitRankTitle('P3 Paddock tour')).toEqual({ rank: 'P3', rest: 'Paddock tour' });
    expect(splitRankTitle('P11 is not a rank')).toEqual({ rank: '', rest: 'P11 is not a rank' });
    const [media, chapterId] = ['0b8f4a52-6a8e-4c84-9a35-0d6f3c1a2b01', '0b8f4a52-6a8e-4c84-9a35-0d6f3c1a2b02'];
    const stored = AdminStorySchema.parse({
      id: 'story-1',
      status: 'live',
      archivedAt: null,
      updatedAt: '2026-05-01T10:00:00.000Z',
      title: 'P10 Welcome',
      coverMediaId: media,
      startsAt: '2026-05-01T10:00:00.000Z',
      translations: { fr: { title: 'P10 Bienvenue' } },
      chapters: [{ id: chapterId, mediaId: media, title: 'One', durationSeconds: 7 }],
    });
    const values = storyValues(stored);
    expect(values).toMatchObject({ rank: 'P10', title: 'Welcome' });
    const body = storyBody(setBy(values, 'rank', 'P2'));
    expect(body).toMatchObject({ title: 'P2 Welcome', translations: { fr: { title: 'P2 Bienvenue' } } });
    expect(body.chapters).toEqual([
      { id: chapterId, mediaId: media, title: 'One', caption: '', sponsorUrl: null, durationSeconds: 7, value: 0, translations: {} },
    ]);
    expect(StoryInputSchema.safeParse(body).success).toBe(true);
    // A chapter without its image is named by the contract, on the chapter's own field.
    const missing = StoryInputSchema.safeParse(storyBody(setBy(values, 'chapters.0.mediaId', null)));
    expect(missing.success || missing.error.issues.map((i) => i.path.join('.'))).toEqual(['chapters.0.mediaId']);
  });
});
