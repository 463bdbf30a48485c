/**
 * A test page for the rich-text editor (tests/e2e/rich-text-editor.e2e.test.ts): the staff's
 * RichTextField in a form, as an editing screen would hold it, with a stand-in upload that
 * answers a MediaPicture (or a refusal for a file named *refuse*). Built by the test with Vite.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { MediaPicture } from '../../../shared/platform/media';
import { RichTextField } from '../../../shared/ui/rich-text-field';
import '../../../shared/styles/tokens.css';
import '../../../shared/styles/base.css';
import './page.css';

const picture = (id: string): MediaPicture => ({
  id,
  width: 1200,
  height: 800,
  dominant: '#88aacc',
  opaque: true,
  variants: [
    { key: `${id.slice(0, 31)}1.webp`, type: 'image/webp', width: 400, height: 267, bytes: 1 },
    { key: `${id.slice(0, 31)}2.jpg`, type: 'image/jpeg', width: 400, height: 267, bytes: 1 },
  ],
});

const initial = {
  type: 'doc' as const,
  content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'Our clinic opens at eight.' }] }],
};

function App() {
  const [json, setJson] = useState('');
  const [uploads, setUploads] = useState(0);
  return (
    <main className="page">
      <h1>Edit post</h1>
      <form method="post" action="/submit">
        <RichTextField
          name="body"
          label="Body"
          hint="Headings, lists, links and pictures; paste from Word or Google Docs keeps the structure."
          value={initial}
          onChange={(j) => setJson(JSON.stringify(j))}
          onUploadPicture={async (file) => {
            setUploads((n) => n + 1);
            await new Promise((r) => setTimeout(r, 50));
            if (file.name.includes('refuse')) return { error: 'This is a HEIC photo (the iPhone’s format), which browsers cannot show. Please export it as JPEG.' };
            return { picture: picture(String(uploads + 1).repeat(32).slice(0, 32)) };
          }}
        />
        <button type="submit" className="save">
          Save draft
        </button>
      </form>
      <output data-testid="json">{json}</output>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
