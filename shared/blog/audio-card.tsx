import { soundCloudEmbedUrl, type AudioTrack } from '../content/blog';
import { EmbedOnDemand } from '../ui/embed-on-demand';

/** The audio card of the blog lists: a short guided track whose player loads only on request. */
export function AudioCard({ track }: { track: AudioTrack }) {
  return (
    <article className="audio-card blog-item">
      <p className="eyebrow">Listen</p>
      <h3 className="audio-card__title">{track.title}</h3>
      <p className="audio-card__text">{track.description}</p>
      <EmbedOnDemand kind="audio" src={soundCloudEmbedUrl(track.url)} title={`Audio: ${track.title}`} provider="SoundCloud" detail={track.duration} heading="Play the guide" />
    </article>
  );
}
