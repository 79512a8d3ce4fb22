/** The topics a fan chooses for push, as a labelled group of checkboxes. */
import { useTranslation } from 'react-i18next';
import { PUSH_TOPICS, type PushTopic } from '../../../contracts/push';

/** Checkboxes of every topic; `value` is the chosen ones, `onChange` receives the new choice. */
export function TopicFields({
  value,
  onChange,
  disabled,
}: {
  value: PushTopic[];
  onChange: (topics: PushTopic[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('push');
  return (
    <fieldset className="push-topics" disabled={disabled}>
      <legend>{t('topicsLegend')}</legend>
      {PUSH_TOPICS.map((topic) => (
        <label key={topic}>
          <input
            type="checkbox"
            name="push-topic"
            value={topic}
            checked={value.includes(topic)}
            onChange={(event) => onChange(event.currentTarget.checked ? [...value, topic] : value.filter((v) => v !== topic))}
          />
          {t(`topics.${topic}`)}
        </label>
      ))}
    </fieldset>
  );
}
