import { PostLayout } from '../post-layout';

/** /blogDetailsAudio: A post with an audio player that loads on request. The post comes from `?post=<slug>` (the newest without it). */
export default function BlogDetailsAudioPage() {
  return <PostLayout sidebar="right" medium="audio" />;
}
