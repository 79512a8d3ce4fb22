/**
 * `/admin/notifications`: operators write a push notification (topic, texts in English and French,
 * the screen it opens, picked from the app's screens and the club's content: never a free path), choose who gets
 * it (everyone who chose the topic, or a segment: rank, a consent given, has checked in or not; a marketing
 * message needs a consent) and send it now or at a time in the organization's time zone. Sending asks first:
 * how many members and devices it reaches (or that nobody will), and a preview of its texts in
 * both languages; the form warns before unsent text is lost. Below, the notifications sent and scheduled with what
 * their delivery did; a scheduled one can be cancelled. Strings: `console-push`.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushNotificationInput } from '../../../contracts/admin/push';
import { PUSH_TOPICS, type PushTopic } from '../../../contracts/push';
import type { RankCode } from '../../../contracts/organization';
import { ApiError } from '../../../api/errors';
import { useConfirm } from '../../../components/confirm-dialog';
import { APP_SCREENS, parseAppScreen } from '../../../contracts/app-screens';
import { useOrganization } from '../../../lib/organization/get-organization';
import { notify } from '../../../platform/toasts';
import {
  getPushAudience,
  useCancelPushNotification,
  useConsentChoices,
  usePushNotifications,
  useScreenContent,
  useSendPushNotification,
} from '../api/push-notifications';
import { fromZonedInput, toZonedInput } from '../form/datetime';
import { ConsoleHeading } from './console-ui';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

type Audience = { rankCode: RankCode | ''; consentKey: string; checkedIn: '' | 'yes' | 'no' };

/** Renders the page. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('console-push');
  const { data: organization } = useOrganization();
  const timeZone = organization?.timeZone ?? 'UTC';
  const consents = useConsentChoices();
  const list = usePushNotifications();
  const send = useSendPushNotification();
  const cancel = useCancelPushNotification();
  const [topic, setTopic] = useState<PushTopic>('challenges');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [titleFr, setTitleFr] = useState('');
  const [bodyFr, setBodyFr] = useState('');
  const [url, setUrl] = useState('/dashboard');
  const [audience, setAudience] = useState<Audience>({ rankCode: '', consentKey: '', checkedIn: '' });
  const [marketing, setMarketing] = useState(false);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [counting, setCounting] = useState(false);
  const content = useScreenContent();
  const { confirm, dialog } = useConfirm();
  // Unsent text is what a navigation would lose; read through a ref, as the blocker asks outside rendering.
  const dirty = useRef(false);
  useEffect(() => {
    dirty.current = Boolean(title || body || titleFr || bodyFr);
  }, [title, body, titleFr, bodyFr]);

  /** The name of the screen at `path`: an app screen's, or the content item's title. */
  const screenName = (path: string) => {
    const fixed = APP_SCREENS.find((screen) => screen.path === path);
    if (fixed) return t(`screens.${fixed.key}`);
    const kind = parseAppScreen(path)?.kind;
    const item = content.byKind.find((group) => group.kind === kind)?.items.find((entry) => entry.path === path);
    return item ? `${t(`contentGroups.${item.kind}`)} · ${item.title}` : path;
  };

  /** Asks before sending: the audience counted now, and the texts as members will read them. */
  const confirmSending = async (input: PushNotificationInput, later: boolean) => {
    setCounting(true);
    let reach;
    try {
      reach = await getPushAudience({
        topic: input.topic,
        ...input.segment,
        checkedIn: input.segment?.checkedIn === undefined ? undefined : input.segment.checkedIn ? 'true' : 'false',
      });
    } catch (cause) {
      setError(cause instanceof ApiError && cause.status === 422 ? cause.message : t('errors.audience'));
      return null;
    } finally {
      setCounting(false);
    }
    const counts = { members: t('confirm.members', { count: reach.members }), devices: t('confirm.devices', { count: reach.devices }) };
    const ok = await confirm({
      title: later ? t('confirm.titleLater') : t('confirm.titleNow'),
      body: (
        <>
          <p className={reach.devices === 0 && !later ? 'field__error' : undefined}>
            {reach.devices === 0 && !later ? t('confirm.nobody') : later ? t('confirm.reachLater', counts) : t('confirm.reach', counts)}
          </p>
          <p>{t('confirm.screen', { screen: screenName(input.url ?? '/dashboard') })}</p>
          <section className="push-preview" aria-label={t('confirm.previewLabel', { language: t('confirm.english') })}>
            <p className="push-preview__title">{input.title}</p>
            <p className="push-preview__body">{input.body}</p>
          </section>
          <section className="push-preview" lang="fr" aria-label={t('confirm.previewLabel', { language: t('confirm.french') })}>
            <p className="push-preview__title">{titleFr || input.title}</p>
            <p className="push-preview__body">{bodyFr || input.body}</p>
            {!titleFr && !bodyFr ? (
              <p className="muted" lang={i18n.resolvedLanguage}>
                {t('confirm.frenchFallback')}
              </p>
            ) : null}
          </section>
        </>
      ),
      confirmLabel: later ? t('confirm.schedule') : reach.devices === 0 ? t('confirm.sendAnyway') : t('confirm.send'),
      cancelLabel: t('confirm.back'),
    });
    return ok ? reach : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (counting) return;
    setError(null);
    const at = when === 'later' ? fromZonedInput(sendAt, timeZone) : null;
    if (when === 'later' && !at) return setError(t('errors.sendAt'));
    if (marketing && !audience.consentKey) return setError(t('errors.marketing'));
    const input: PushNotificationInput = {
      topic,
      title,
      body,
      url,
      translations: titleFr || bodyFr ? { fr: { title: titleFr, body: bodyFr } } : {},
      marketing,
      segment: {
        ...(audience.rankCode ? { rankCode: audience.rankCode } : {}),
        ...(audience.consentKey ? { consentKey: audience.consentKey } : {}),
        ...(audience.checkedIn ? { checkedIn: audience.checkedIn === 'yes' } : {}),
      },
      ...(at ? { sendAt: at } : {}),
    };
    const reach = await confirmSending(input, when === 'later');
    if (!reach) return;
    send.mutate(input, {
      onSuccess: (sent) => {
        const scheduled = sent.status === 'scheduled' && Date.parse(sent.sendAt) > Date.now();
        notify({ title: scheduled ? t('scheduled') : reach.devices === 0 ? t('sentToNobody') : t('sent') });
        dirty.current = false;
        setTitle('');
        setBody('');
        setTitleFr('');
        setBodyFr('');
      },
      onError: (cause) => setError(cause instanceof ApiError ? cause.message : t('errors.failed')),
    });
  };

  const dateTime = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <div className="console-page">
      <ConsoleHeading title={t('title')} />
      <form className="console-form console-fieldset" onSubmit={(e) => void submit(e)} aria-labelledby="push-new-title">
        <h2 id="push-new-title" className="console-section-title">
          {t('new')}
        </h2>
        <div className="field">
          <label className="field__label" htmlFor="push-topic">
            {t('topic')}
          </label>
          <select id="push-topic" className="select input" value={topic} onChange={(e) => setTopic(e.currentTarget.value as PushTopic)}>
            {PUSH_TOPICS.map((name) => (
              <option key={name} value={name}>
                {t(`topics.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="push-title">
            {t('titleField')}
          </label>
          <input
            id="push-title"
            className="input"
            required
            maxLength={80}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="push-body">
            {t('bodyField')}
          </label>
          <textarea
            id="push-body"
            className="input"
            required
            maxLength={300}
            rows={3}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="push-title-fr">
            {t('titleFr')}
          </label>
          <input
            id="push-title-fr"
            className="input"
            lang="fr"
            maxLength={80}
            value={titleFr}
            onChange={(e) => setTitleFr(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="push-body-fr">
            {t('bodyFr')}
          </label>
          <textarea
            id="push-body-fr"
            className="input"
            lang="fr"
            maxLength={300}
            rows={3}
            value={bodyFr}
            onChange={(e) => setBodyFr(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="push-url">
            {t('url')}
          </label>
          <select
            id="push-url"
            className="select input"
            required
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            aria-describedby="push-url-hint"
            aria-busy={content.isPending || undefined}
          >
            <optgroup label={t('screensGroup')}>
              {APP_SCREENS.map((screen) => (
                <option key={screen.path} value={screen.path}>
                  {t(`screens.${screen.key}`)}
                </option>
              ))}
            </optgroup>
            {content.byKind.map((group) =>
              group.items.length ? (
                <optgroup key={group.kind} label={t(`contentGroups.${group.kind}`)}>
                  {group.items.map((item) => (
                    <option key={item.path} value={item.path}>
                      {item.title}
                    </option>
                  ))}
                </optgroup>
              ) : null,
            )}
          </select>
          <p id="push-url-hint" className="field__hint">
            {content.isPending ? t('contentLoading') : t('urlHint')}
          </p>
        </div>
        <fieldset className="console-fieldset">
          <legend>{t('audience')}</legend>
          <p className="muted">{t('audienceHelp')}</p>
          <div className="field">
            <label className="field__label" htmlFor="push-rank">
              {t('rank')}
            </label>
            <select
              id="push-rank"
              className="select input"
              value={audience.rankCode}
              onChange={(e) => setAudience({ ...audience, rankCode: e.currentTarget.value as RankCode | '' })}
            >
              <option value="">{t('anyRank')}</option>
              {(organization?.ranks ?? []).map((rank) => (
                <option key={rank.name} value={rank.name}>
                  {rank.name} · {rank.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="push-consent">
              {t('consent')}
            </label>
            <select
              id="push-consent"
              className="select input"
              value={audience.consentKey}
              onChange={(e) => setAudience({ ...audience, consentKey: e.currentTarget.value })}
            >
              <option value="">{t('anyConsent')}</option>
              {(consents.data ?? []).map((consent) => (
                <option key={consent.key} value={consent.key}>
                  {consent.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="push-checked-in">
              {t('checkedIn')}
            </label>
            <select
              id="push-checked-in"
              className="select input"
              value={audience.checkedIn}
              onChange={(e) => setAudience({ ...audience, checkedIn: e.currentTarget.value as Audience['checkedIn'] })}
            >
              <option value="">{t('checkedInAny')}</option>
              <option value="yes">{t('checkedInYes')}</option>
              <option value="no">{t('checkedInNo')}</option>
            </select>
          </div>
          <label className="console-check">
            <input
              type="checkbox"
              checked={marketing}
              onChange={(e) => setMarketing(e.currentTarget.checked)}
              aria-describedby="push-marketing-hint"
            />{' '}
            {t('marketing')}
          </label>
          <p id="push-marketing-hint" className="field__hint">
            {t('marketingHint')}
          </p>
        </fieldset>
        <fieldset className="console-fieldset">
          <legend>{t('when')}</legend>
          <label className="console-check">
            <input type="radio" name="push-when" value="now" checked={when === 'now'} onChange={() => setWhen('now')} /> {t('now')}
          </label>
          <label className="console-check">
            <input type="radio" name="push-when" value="later" checked={when === 'later'} onChange={() => setWhen('later')} /> {t('later')}
          </label>
          {when === 'later' ? (
            <div className="field">
              <label className="field__label" htmlFor="push-send-at">
                {t('sendAt', { timeZone })}
              </label>
              <input
                id="push-send-at"
                type="datetime-local"
                className="input"
                required
                value={sendAt}
                min={toZonedInput(new Date().toISOString(), timeZone)}
                onChange={(e) => setSendAt(e.currentTarget.value)}
              />
            </div>
          ) : null}
        </fieldset>
        {error ? (
          <p role="alert" className="field__error">
            {error}
          </p>
        ) : null}
        <div className="console-form__actions">
          {/* Not disabled while counting: a disabled button drops focus, which the dialog returns to on close. */}
          <button type="submit" className="btn btn--primary" disabled={send.isPending} aria-busy={send.isPending || counting || undefined}>
            {when === 'now' ? t('sendNow') : t('schedule')}
          </button>
          {counting ? <p role="status">{t('confirm.counting')}</p> : null}
        </div>
        {dialog}
        <UnsavedChangesGuard isDirty={() => dirty.current} />
      </form>

      <section aria-labelledby="push-list-title">
        <h2 id="push-list-title" className="console-section-title">
          {t('listTitle')}
        </h2>
        {list.data && list.data.length === 0 ? <p className="muted">{t('empty')}</p> : null}
        {list.data && list.data.length > 0 ? (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t('titleField')}</th>
                  <th scope="col">{t('topic')}</th>
                  <th scope="col">{t('sendAtColumn')}</th>
                  <th scope="col">{t('statusColumn')}</th>
                  <th scope="col">{t('deliveryColumn')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('actionsColumn')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((n) => (
                  <tr key={n.id}>
                    <td>{n.title}</td>
                    <td>{t(`topics.${n.topic}`)}</td>
                    <td>{dateTime.format(new Date(n.sendAt))}</td>
                    <td>{t(`status.${n.status}`)}</td>
                    <td>{t('delivery', { delivered: n.delivered, dropped: n.dropped, failed: n.failed })}</td>
                    <td>
                      {n.status === 'scheduled' ? (
                        <button
                          type="button"
                          className="btn btn--secondary btn--sm"
                          disabled={cancel.isPending}
                          onClick={() => cancel.mutate(n.id, { onSuccess: () => notify({ title: t('cancelled') }) })}
                        >
                          {t('cancel')}
                          <span className="visually-hidden"> {n.title}</span>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
