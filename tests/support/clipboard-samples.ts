/**
 * Clipboard HTML as Word (Microsoft 365, Windows) and Google Docs (Chrome) put it on the
 * clipboard (text/html) for a short document: a title, a heading, a paragraph with bold, italic
 * and a coloured font, a bulleted list with a nested item, a numbered list and a link. Written
 * after real copies; Word's lists are paragraphs with typed markers, Google Docs wraps the whole
 * fragment in a non-bold <b>, both style every run inline.
 */

export const WORD_HTML = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"><meta name=Originator content="Microsoft Word 15">
<style><!--
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal {margin-top:0cm;margin-right:0cm;margin-bottom:8.0pt;margin-left:0cm;line-height:107%;font-size:11.0pt;font-family:"Calibri",sans-serif;}
 p.MsoListParagraphCxSpFirst {margin-left:36.0pt;mso-add-space:auto;}
@list l0:level1 {mso-level-number-format:bullet;mso-level-text:\\F0B7;}
@list l1:level1 {mso-level-tab-stop:none;mso-level-number-position:left;}
--></style></head>
<body lang=EN-GB style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoTitle><span lang=EN-US style='font-family:"Calibri Light",sans-serif'>Sitting well at work<o:p></o:p></span></p>
<h1><span lang=EN-US>Why it matters<o:p></o:p></span></h1>
<p class=MsoNormal><span lang=EN-US>Most of us sit for </span><b><span lang=EN-US style='color:#C00000'>eight hours</span></b><span lang=EN-US> a day, and the <i>lower back</i> pays for it.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Stand up every hour<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>even for a minute<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Keep the screen at eye level<o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US>Then:<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span lang=EN-US><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Roll the shoulders<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span lang=EN-US><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Stretch the hips<o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US>Read </span><a href="https://example.com/sitting-guide"><span lang=EN-US>our guide</span></a><span lang=EN-US style='font-size:14.0pt;font-family:"Comic Sans MS"'> today.</span><o:p></o:p></p>
<!--EndFragment-->
</body>
</html>`;

const run = (text: string, extra = '') =>
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;${extra}">${text}</span>`;
const para = (inner: string) => `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;">${inner}</p>`;
const item = (inner: string, level = 1, type = 'disc') =>
  `<li dir="ltr" style="list-style-type:${type};font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="${level}"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation">${inner}</p></li>`;

export const GOOGLE_DOCS_HTML =
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4f2e8a10-7fff-1c2d-9e3b-6a5d4c3b2a19">` +
  `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;">${run('Sitting well at work', 'font-size:20pt;')}</h1>` +
  `<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;">${run('Why it matters', 'font-size:16pt;')}</h2>` +
  para(run('Most of us sit for ') + run('eight hours', 'font-weight:700;color:#cc0000;') + run(' a day, and the ') + run('lower back', 'font-style:italic;') + run(' pays for it.')) +
  `<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">${item(run('Stand up every hour'))}<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">${item(run('even for a minute'), 2, 'circle')}</ul>${item(run('Keep the screen at eye level'))}</ul>` +
  para(run('Then:')) +
  `<ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">${item(run('Roll the shoulders'), 1, 'decimal')}${item(run('Stretch the hips'), 1, 'decimal')}</ol>` +
  para(run('Read ') + `<a href="https://example.com/sitting-guide" style="text-decoration:none;">${run('our guide', 'color:#1155cc;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;')}</a>` + run(' today.', 'font-family:Comic Sans MS;font-size:14pt;')) +
  `</b><br class="Apple-interchange-newline">`;

/** What both should become: the structure kept, the styling gone (the nested item under the first). */
export const PASTED_STRUCTURE = [
  'heading 2: Sitting well at work',
  'heading 2: Why it matters',
  'paragraph: Most of us sit for [bold]eight hours a day, and the [italic]lower back pays for it.',
  'bulletList: Stand up every hour ( bulletList: even for a minute ) | Keep the screen at eye level',
  'paragraph: Then:',
  'orderedList: Roll the shoulders | Stretch the hips',
  'paragraph: Read [link https://example.com/sitting-guide]our guide today.',
];
