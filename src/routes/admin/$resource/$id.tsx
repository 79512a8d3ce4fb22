/**
 * `/admin/{resource}/{id}` (`new` for a new item): the edit page of an item. Challenges have their own editor,
 * with a live preview drawn by the fan app's own challenge card: the card belongs to the challenges feature, so it
 * is composed here, in the app layer, and handed to the console (`new?from={id}` duplicates a challenge). Stories
 * have their chapter editor; a saved sweepstake has its draw below its form, a saved venue event the code to show at the venue; every other resource the form its fields
 * declare.
 */
import { createFileRoute } from '@tanstack/react-router';
import { ChallengeCard } from '../../../features/challenges/components/challenge-card';
import { ChallengeEditor } from '../../../features/console/components/challenge-editor';
import { ResourceEditPage } from '../../../features/console/components/resource-edit-page';
import { StoryEditor } from '../../../features/console/components/story-editor';
import { SweepstakeDrawSection } from '../../../features/console/components/sweepstake-draw-section';
import { VenueCodeSection } from '../../../features/console/components/venue-code-section';
import { readConsoleSearch, type ConsoleSearch } from '../../../features/console/console-search';
import { ConsoleNotFound } from '../../../features/console/components/console-not-found';
import { resourceByPath } from '../../../features/console/resources';
import { useNow } from '../../../platform/use-now';

export const Route = createFileRoute('/admin/$resource/$id')({
  validateSearch: (search: Record<string, unknown>) => search as ConsoleSearch,
  component: ConsoleItemRoute,
});

function ConsoleItemRoute() {
  const { resource: path, id } = Route.useParams();
  const { from } = readConsoleSearch(Route.useSearch());
  const now = useNow();
  if (path === 'challenges') {
    return (
      <ChallengeEditor
        key={`${id}:${from ?? ''}`}
        id={id}
        from={from}
        renderPreview={(challenge) => <ChallengeCard challenge={challenge} now={now} />}
      />
    );
  }
  if (path === 'stories') return <StoryEditor key={id} id={id} />;
  const resource = resourceByPath(path);
  if (!resource || resource.listOnly) return <ConsoleNotFound />;
  if (path === 'sweepstakes') {
    return (
      <ResourceEditPage
        key={`${path}/${id}`}
        resource={resource}
        id={id}
        renderAfter={(item) => <SweepstakeDrawSection id={item.id} endsAt={String(item.endsAt)} title={String(item.title)} />}
      />
    );
  }
  if (path === 'venue-events') {
    return (
      <ResourceEditPage
        key={`${path}/${id}`}
        resource={resource}
        id={id}
        renderAfter={(item) => <VenueCodeSection id={item.id} name={String(item.name)} />}
      />
    );
  }
  return <ResourceEditPage key={`${path}/${id}`} resource={resource} id={id} />;
}
