import type { LoaderFunctionArgs } from 'react-router';
import type { NewsData } from '../../shared/blog/news';
import { latestPosts } from '../../shared/blog/news';
import { blogContext } from '../blog/context';

/** The loader of a page with the news band: the three newest published posts. */
export async function newsLoader({ context }: LoaderFunctionArgs): Promise<NewsData> {
  return { news: latestPosts(await context.get(blogContext).posts()) };
}
