/** Its news band's posts are data: the newest published ones (server/app/news.ts). */
export { newsLoader as loader } from '../news';
