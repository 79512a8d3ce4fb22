/** `/admin`: the console's start page, one link per resource with a line on what it holds. */
import { Link } from '@tanstack/react-router';
import { RESOURCES } from '../resources';
import { ConsoleHeading } from './console-ui';
import { useConsoleText } from './use-console-text';

/** Renders the start page. */
export function ConsoleHome() {
  const { t } = useConsoleText();
  return (
    <div className="console-page">
      <ConsoleHeading title={t('home.title')} />
      <p className="muted">{t('home.intro')}</p>
      <ul className="console-tiles">
        {RESOURCES.map((resource) => (
          <li key={resource.path}>
            <Link to="/admin/$resource" params={{ resource: resource.path }} className="card card--interactive console-tile">
              <span className="console-tile__name">{t(`resources.${resource.path}.plural`)}</span>
              <span className="muted">{t(`resources.${resource.path}.about`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
