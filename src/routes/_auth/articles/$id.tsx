/** `/articles/{id}` (spec §2-§3): the article reader; the read is recorded at the end of the article. */
import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '../../../components/route-error';
import { getArticleQueryOptions } from '../../../features/articles/api/get-article';
import { ArticlePage } from '../../../features/articles/components/article-page';

export const Route = createFileRoute('/_auth/articles/$id')({
  params: idParam('id'),
  staticData: { layout: 'no-bottom-nav', titleKey: 'articles:title' },
  loader: ({ context: { queryClient }, params }) => {
    queryClient.ensureQueryData(getArticleQueryOptions(params.id)).catch(() => undefined);
  },
  component: function ArticleRoute() {
    const { id } = Route.useParams();
    return <ArticlePage articleId={id} />;
  },
});
