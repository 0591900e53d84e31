/**
 * What the clipboard holds when an editor copies from Word, Google Docs or a web page, as Chromium hands it to a
 * paste handler (`clipboardData.getData('text/html')`). Used by the unit tests of the shared rules, the server's
 * save-and-read test and the editor's end-to-end paste test. Kept as raw strings so formatters leave them alone.
 */

/**
 * Word 365 on Windows (CF_HTML's document): Office namespaces, the <style> with `@list` definitions, conditional
 * comments around each typed list marker («·», «o», «§», «1.»), `<o:p>`, `MsoListParagraphCxSp*` paragraphs, a
 * `MsoTableGrid` table, and Word's colours, fonts, sizes, line heights and justification everywhere.
 */
export const WORD_HTML = String.raw`<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word"
xmlns:m="http://schemas.microsoft.com/office/2004/12/omml"
xmlns="http://www.w3.org/TR/REC-html40">

<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15">
<meta name=Originator content="Microsoft Word 15">
<link rel=File-List
href="file:///C:/Users/newsroom/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml>
 <o:OfficeDocumentSettings>
  <o:AllowPNG/>
 </o:OfficeDocumentSettings>
</xml><![endif]-->
<link rel=themeData
href="file:///C:/Users/newsroom/AppData/Local/Temp/msohtmlclip1/01/clip_themedata.thmx">
<!--[if gte mso 9]><xml>
 <w:WordDocument>
  <w:View>Normal</w:View>
  <w:Zoom>0</w:Zoom>
  <w:TrackMoves/>
  <w:TrackFormatting/>
  <w:PunctuationKerning/>
  <w:ValidateAgainstSchemas/>
  <w:DoNotPromoteQF/>
  <w:LidThemeOther>EN-US</w:LidThemeOther>
  <w:LidThemeAsian>X-NONE</w:LidThemeAsian>
  <w:LidThemeComplexScript>AR-LY</w:LidThemeComplexScript>
 </w:WordDocument>
</xml><![endif]-->
<style>
<!--
 /* Font Definitions */
 @font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;
	mso-font-charset:0;
	mso-generic-font-family:roman;
	mso-font-pitch:variable;
	mso-font-signature:-536869121 1107305727 33554432 0 415 0;}
@font-face
	{font-family:Calibri;
	panose-1:2 15 5 2 2 2 4 3 2 4;
	mso-font-charset:0;
	mso-generic-font-family:swiss;
	mso-font-pitch:variable;
	mso-font-signature:-469750017 -1073732485 9 0 511 0;}
@font-face
	{font-family:"Simplified Arabic";
	panose-1:2 2 6 3 5 4 5 2 3 4;
	mso-font-charset:0;
	mso-generic-font-family:roman;
	mso-font-pitch:variable;
	mso-font-signature:8193 0 0 0 64 0;}
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal
	{mso-style-unhide:no;
	mso-style-qformat:yes;
	mso-style-parent:"";
	margin-top:0in;
	margin-right:0in;
	margin-bottom:8.0pt;
	margin-left:0in;
	text-align:right;
	direction:rtl;
	unicode-bidi:embed;
	line-height:107%;
	mso-pagination:widow-orphan;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;
	mso-ascii-font-family:Calibri;
	mso-bidi-font-family:Arial;}
h2
	{mso-style-priority:9;
	mso-style-qformat:yes;
	mso-style-link:"Heading 2 Char";
	margin-top:2.0pt;
	text-align:right;
	direction:rtl;
	unicode-bidi:embed;
	page-break-after:avoid;
	mso-outline-level:2;
	font-size:13.0pt;
	font-family:"Calibri Light",sans-serif;
	color:#2F5496;
	font-weight:normal;}
p.MsoListParagraphCxSpFirst, li.MsoListParagraphCxSpFirst, div.MsoListParagraphCxSpFirst
	{mso-style-priority:34;
	mso-style-unhide:no;
	mso-style-qformat:yes;
	mso-style-type:export-only;
	margin-top:0in;
	margin-right:.5in;
	margin-bottom:0in;
	margin-left:0in;
	text-align:right;
	direction:rtl;
	unicode-bidi:embed;
	mso-add-space:auto;}
.MsoChpDefault
	{mso-style-type:export-only;
	mso-default-props:yes;
	font-family:"Calibri",sans-serif;}
 /* Page Definitions */
 @page WordSection1
	{size:8.5in 11.0in;
	margin:1.0in 1.0in 1.0in 1.0in;
	mso-header-margin:.5in;
	mso-footer-margin:.5in;
	mso-paper-source:0;}
div.WordSection1
	{page:WordSection1;}
 /* List Definitions */
 @list l0
	{mso-list-id:1412199523;
	mso-list-type:hybrid;
	mso-list-template-ids:-1394207528 67698689 67698691 67698693 67698689 67698691 67698693 67698689 67698691 67698693;}
@list l0:level1
	{mso-level-number-format:bullet;
	mso-level-text:\F0B7;
	mso-level-tab-stop:none;
	mso-level-number-position:right;
	margin-right:.25in;
	text-indent:-.25in;
	font-family:Symbol;}
@list l0:level2
	{mso-level-number-format:bullet;
	mso-level-text:o;
	mso-level-tab-stop:none;
	mso-level-number-position:right;
	margin-right:.75in;
	text-indent:-.25in;
	font-family:"Courier New";}
@list l0:level3
	{mso-level-number-format:bullet;
	mso-level-text:\F0A7;
	mso-level-tab-stop:none;
	mso-level-number-position:right;
	margin-right:1.25in;
	text-indent:-.25in;
	font-family:Wingdings;}
@list l1
	{mso-list-id:2038777405;
	mso-list-type:hybrid;
	mso-list-template-ids:1855590170 67698703 67698713 67698715 67698703 67698713 67698715 67698703 67698713 67698715;}
@list l1:level1
	{mso-level-tab-stop:none;
	mso-level-number-position:right;
	margin-right:.25in;
	text-indent:-.25in;}
ol
	{margin-bottom:0in;}
ul
	{margin-bottom:0in;}
-->
</style>
<!--[if gte mso 10]>
<style>
 /* Style Definitions */
 table.MsoNormalTable
	{mso-style-name:"Table Normal";
	mso-tstyle-rowband-size:0;
	mso-tstyle-colband-size:0;
	mso-style-noshow:yes;
	mso-style-priority:99;
	mso-style-parent:"";
	mso-padding-alt:0in 5.4pt 0in 5.4pt;
	mso-para-margin-top:0in;
	mso-para-margin-right:0in;
	mso-para-margin-bottom:8.0pt;
	mso-para-margin-left:0in;
	line-height:107%;
	mso-pagination:widow-orphan;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
table.MsoTableGrid
	{mso-style-name:"Table Grid";
	mso-tstyle-rowband-size:0;
	mso-tstyle-colband-size:0;
	mso-style-priority:39;
	mso-style-unhide:no;
	border:solid windowtext 1.0pt;
	mso-border-alt:solid windowtext .5pt;
	mso-padding-alt:0in 5.4pt 0in 5.4pt;
	mso-border-insideh:.5pt solid windowtext;
	mso-border-insidev:.5pt solid windowtext;
	mso-para-margin:0in;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
</style>
<![endif]-->
</head>

<body lang=EN-US style='tab-interval:.5in;word-wrap:break-word'>
<!--StartFragment-->

<h2 dir=RTL><span lang=AR-LY style='font-family:"Simplified Arabic",serif;
mso-ascii-font-family:"Calibri Light";mso-hansi-font-family:"Calibri Light";color:#1F3864'>حركة
الموانئ الليبية في الربع الأول</span><span dir=LTR><o:p></o:p></span></h2>

<p class=MsoNormal dir=RTL style='text-align:justify;line-height:150%'><span
lang=AR-LY style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif;
color:#C00000'>سجّل </span><b><span lang=AR-LY style='font-size:14.0pt;line-height:150%;
font-family:"Simplified Arabic",serif;color:#C00000'>ميناء طرابلس</span></b><span
lang=AR-LY style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif;
color:#C00000'> ارتفاعاً في عدد الحاويات المناولة، بحسب </span><span lang=AR-LY
style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif'><a
href="https://www.example.ly/ports/report-2024-q1"><span style='color:#0563C1'>تقرير
مصلحة الموانئ</span></a><i> الصادر أمس</i>.<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpFirst dir=RTL style='margin-top:0in;margin-right:
.5in;margin-bottom:0in;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;line-height:150%;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span
style='font-size:14.0pt;line-height:150%;font-family:Symbol;mso-fareast-font-family:
Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span
style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif;
color:#C00000'>الحاويات المناولة<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpMiddle dir=RTL style='margin-top:0in;margin-right:
1.0in;margin-bottom:0in;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;line-height:150%;mso-list:l0 level2 lfo1'><!--[if !supportLists]--><span
style='font-size:14.0pt;line-height:150%;font-family:"Courier New";mso-fareast-font-family:
"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif'>منها
حاويات مبرّدة<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpMiddle dir=RTL style='margin-top:0in;margin-right:
1.5in;margin-bottom:0in;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;line-height:150%;mso-list:l0 level3 lfo1'><!--[if !supportLists]--><span
style='font-size:14.0pt;line-height:150%;font-family:Wingdings;mso-fareast-font-family:
Wingdings;mso-bidi-font-family:Wingdings'><span style='mso-list:Ignore'>§<span
style='font:7.0pt "Times New Roman"'>&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif'>أغلبها
للأدوية<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpLast dir=RTL style='margin-top:0in;margin-right:
.5in;margin-bottom:8.0pt;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;line-height:150%;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span
style='font-size:14.0pt;line-height:150%;font-family:Symbol;mso-fareast-font-family:
Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span
style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif'>السفن
الراسية<o:p></o:p></span></p>

<p class=MsoNormal dir=RTL style='text-align:justify'><span lang=AR-LY
style='font-size:14.0pt;font-family:"Simplified Arabic",serif'><o:p>&nbsp;</o:p></span></p>

<p class=MsoListParagraphCxSpFirst dir=RTL style='margin-top:0in;margin-right:
.5in;margin-bottom:0in;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
style='font-size:14.0pt;font-family:"Simplified Arabic",serif;mso-fareast-font-family:
"Simplified Arabic"'><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;font-family:"Simplified Arabic",serif'>توسعة الرصيف الشمالي<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpMiddle dir=RTL style='margin-top:0in;margin-right:
.5in;margin-bottom:0in;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
style='font-size:14.0pt;font-family:"Simplified Arabic",serif;mso-fareast-font-family:
"Simplified Arabic"'><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;font-family:"Simplified Arabic",serif'>رقمنة إجراءات التخليص<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpLast dir=RTL style='margin-top:0in;margin-right:
.5in;margin-bottom:8.0pt;margin-left:0in;mso-add-space:auto;text-align:justify;
text-indent:-.25in;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
style='font-size:14.0pt;font-family:"Simplified Arabic",serif;mso-fareast-font-family:
"Simplified Arabic"'><span style='mso-list:Ignore'>3.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span dir=RTL></span><span lang=AR-LY
style='font-size:14.0pt;font-family:"Simplified Arabic",serif'>تدريب الكوادر<o:p></o:p></span></p>

<table class=MsoTableGrid dir=rtl border=1 cellspacing=0 cellpadding=0
 style='border-collapse:collapse;border:none;mso-border-alt:solid windowtext .5pt;
 mso-yfti-tbllook:1184;mso-table-dir:bidi;mso-padding-alt:0in 5.4pt 0in 5.4pt'>
 <tr style='mso-yfti-irow:0;mso-yfti-firstrow:yes'>
  <td width=312 valign=top style='width:233.75pt;border:solid windowtext 1.0pt;
  mso-border-alt:solid windowtext .5pt;background:#D9E2F3;mso-background-themecolor:
  accent1;mso-background-themetint:51;padding:0in 5.4pt 0in 5.4pt'>
  <p class=MsoNormal dir=RTL style='margin-bottom:0in;line-height:normal'><b><span
  lang=AR-LY style='font-size:12.0pt;font-family:"Simplified Arabic",serif;color:#1F3864'>البند<o:p></o:p></span></b></p>
  </td>
  <td width=312 valign=top style='width:233.75pt;border:solid windowtext 1.0pt;
  border-right:none;mso-border-right-alt:solid windowtext .5pt;mso-border-alt:solid windowtext .5pt;
  background:#D9E2F3;padding:0in 5.4pt 0in 5.4pt'>
  <p class=MsoNormal dir=RTL style='margin-bottom:0in;line-height:normal'><b><span
  lang=AR-LY style='font-size:12.0pt;font-family:"Simplified Arabic",serif;color:#1F3864'>العدد<o:p></o:p></span></b></p>
  </td>
 </tr>
 <tr style='mso-yfti-irow:1'>
  <td width=312 valign=top style='width:233.75pt;border:solid windowtext 1.0pt;
  border-top:none;mso-border-top-alt:solid windowtext .5pt;mso-border-alt:solid windowtext .5pt;
  padding:0in 5.4pt 0in 5.4pt'>
  <p class=MsoNormal dir=RTL style='margin-bottom:0in;line-height:normal'><span
  lang=AR-LY style='font-size:12.0pt;font-family:"Simplified Arabic",serif'>الحاويات<o:p></o:p></span></p>
  </td>
  <td width=312 valign=top style='width:233.75pt;border-top:none;border-left:
  solid windowtext 1.0pt;border-bottom:solid windowtext 1.0pt;border-right:none;
  mso-border-top-alt:solid windowtext .5pt;mso-border-right-alt:solid windowtext .5pt;
  mso-border-alt:solid windowtext .5pt;padding:0in 5.4pt 0in 5.4pt'>
  <p class=MsoNormal dir=RTL style='margin-bottom:0in;line-height:normal'><span
  dir=LTR style='font-size:12.0pt'>240</span><span lang=AR-LY style='font-size:12.0pt;
  font-family:"Simplified Arabic",serif'><o:p></o:p></span></p>
  </td>
 </tr>
 <tr style='mso-yfti-irow:2;mso-yfti-lastrow:yes'>
  <td width=312 valign=top style='width:233.75pt;border:solid windowtext 1.0pt;
  border-top:none;mso-border-top-alt:solid windowtext .5pt;mso-border-alt:solid windowtext .5pt;
  padding:0in 5.4pt 0in 5.4pt'>
  <p class=MsoNormal dir=RTL style='margin-bottom:0in;line-height:normal'><span
  lang=AR-LY style='font-size:12.0pt;font-family:"Simplified Arabic",serif'>السفن<o:p></o:p></span></p>
  </td>
  <td width=312 valign=top style='width:233.75pt;border-top:none;border-left:
  solid windowtext 1.0pt;border-bottom:solid windowtext 1.0pt;border-right:none;
  mso-border-top-alt:solid windowtext .5pt;mso-border-right-alt:solid windowtext .5pt;
  mso-border-alt:solid windowtext .5pt;padding:0in 5.4pt 0in 5.4pt'>
  <p class=MsoNormal dir=RTL style='margin-bottom:0in;line-height:normal'><span
  dir=LTR style='font-size:12.0pt'>18</span><span lang=AR-LY style='font-size:12.0pt;
  font-family:"Simplified Arabic",serif'><o:p></o:p></span></p>
  </td>
 </tr>
</table>

<p class=MsoNormal dir=RTL style='text-align:justify;line-height:150%'><span
lang=AR-LY style='font-size:14.0pt;line-height:150%;font-family:"Simplified Arabic",serif;
color:#C00000'>وتتوقع المصلحة استمرار النمو خلال الربع الثاني.<o:p></o:p></span></p>

<!--EndFragment-->
</body>

</html>`;

/**
 * Google Docs in Chromium: everything inside the `docs-internal-guid` `<b style="font-weight:normal">`, every run a
 * span with its whole style inline (font-weight 700 for bold, font-style italic, colours, sizes), `<br>` between
 * blocks, list items `<li dir="rtl" style=… aria-level=…>` holding a `<p role="presentation">`, a nested list
 * straight inside its parent `<ul>`, and a table in a `<div>` with a `<colgroup>`.
 */
export const GOOGLE_DOCS_HTML = String.raw`<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5b3e1f0a-7fff-8c41-2d9e-4a6b0c8d1e2f"><h2 dir="rtl" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;text-align:right;"><span style="font-size:16pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">مهرجان غدامس السياحي</span></h2><p dir="rtl" style="line-height:1.38;text-align:justify;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">انطلقت فعاليات </span><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">المهرجان الدولي</span><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;"> في مدينة </span><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#980000;background-color:#fff2cc;font-weight:400;font-style:italic;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">غدامس القديمة</span><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">، وفق </span><a href="https://www.example.ly/ghadames-festival" style="text-decoration:none;"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#1155cc;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">برنامج المهرجان</span></a><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">.</span></p><br /><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="rtl" style="list-style-type:disc;font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="rtl" style="line-height:1.38;text-align:right;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">عروض الفروسية</span></p></li><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="rtl" style="list-style-type:circle;font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="2"><p dir="rtl" style="line-height:1.38;text-align:right;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">سباق المهاري</span></p></li></ul><li dir="rtl" style="list-style-type:disc;font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="rtl" style="line-height:1.38;text-align:right;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">الأسواق الشعبية</span></p></li></ul><br /><ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="rtl" style="list-style-type:decimal;font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="rtl" style="line-height:1.38;text-align:right;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">الافتتاح الرسمي</span></p></li><li dir="rtl" style="list-style-type:decimal;font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="rtl" style="line-height:1.38;text-align:right;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:13pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">حفل الختام</span></p></li></ol><br /><div dir="rtl" style="margin-left:0pt;" align="right"><table style="border:none;border-collapse:collapse;"><colgroup><col width="301" /><col width="301" /></colgroup><tbody><tr style="height:0pt"><td style="border-left:solid #000000 1pt;border-right:solid #000000 1pt;border-bottom:solid #000000 1pt;border-top:solid #000000 1pt;vertical-align:top;background-color:#cfe2f3;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="rtl" style="line-height:1.2;text-align:right;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:12pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">اليوم</span></p></td><td style="border-left:solid #000000 1pt;border-right:solid #000000 1pt;border-bottom:solid #000000 1pt;border-top:solid #000000 1pt;vertical-align:top;background-color:#cfe2f3;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="rtl" style="line-height:1.2;text-align:right;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:12pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">الفعالية</span></p></td></tr><tr style="height:0pt"><td style="border-left:solid #000000 1pt;border-right:solid #000000 1pt;border-bottom:solid #000000 1pt;border-top:solid #000000 1pt;vertical-align:top;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="rtl" style="line-height:1.2;text-align:right;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:12pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">الخميس</span></p></td><td style="border-left:solid #000000 1pt;border-right:solid #000000 1pt;border-bottom:solid #000000 1pt;border-top:solid #000000 1pt;vertical-align:top;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="rtl" style="line-height:1.2;text-align:right;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:12pt;font-family:'Noto Naskh Arabic',serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">عرض الأزياء التقليدية</span></p></td></tr></tbody></table></div></b>`;

/**
 * A news site's article copied in Chromium: computed styles inline on every element (fonts, sizes, colours,
 * justification, line height), `<strong>` inside a `font-weight: 400` span, a table with a header row and a cell
 * spanning two columns, a figure with its picture, and a relative link Chromium left relative.
 */
export const WEB_PAGE_HTML = String.raw`<meta charset='utf-8'><h2 style="box-sizing: border-box; margin: 0px 0px 16px; font-family: Tajawal, sans-serif; font-weight: 700; line-height: 1.4; color: rgb(17, 24, 39); font-size: 26px; font-style: normal; font-variant-ligatures: normal; font-variant-caps: normal; letter-spacing: normal; orphans: 2; text-align: right; text-indent: 0px; text-transform: none; widows: 2; word-spacing: 0px; -webkit-text-stroke-width: 0px; white-space: normal; background-color: rgb(255, 255, 255); text-decoration-thickness: initial; text-decoration-style: initial; text-decoration-color: initial;">أسعار الوقود في الأسواق المحلية</h2><p style="box-sizing: border-box; margin: 0px 0px 20px; font-family: Tajawal, sans-serif; font-size: 18px; line-height: 1.9; color: rgb(55, 65, 81); text-align: justify; font-style: normal; font-variant-ligatures: normal; font-variant-caps: normal; font-weight: 400; letter-spacing: normal; orphans: 2; text-indent: 0px; text-transform: none; widows: 2; word-spacing: 0px; -webkit-text-stroke-width: 0px; white-space: normal; background-color: rgb(255, 255, 255);">أعلنت الشركة عن <strong style="box-sizing: border-box; font-weight: 700; color: rgb(185, 28, 28);">أسعار جديدة</strong> تبدأ من الأسبوع المقبل، كما ورد في <a href="https://news.example.com/fuel/prices" style="box-sizing: border-box; color: rgb(37, 99, 235); text-decoration: none;">البيان الرسمي</a> و<a href="/ar/archive/2024" style="color: rgb(37, 99, 235);">الأرشيف</a>.<br style="box-sizing: border-box;">وقال المتحدث إن الإمدادات مستقرة.</p><ul style="box-sizing: border-box; margin: 0px 0px 20px; padding-right: 24px; font-family: Tajawal, sans-serif; font-size: 18px; color: rgb(55, 65, 81); background-color: rgb(255, 255, 255);"><li style="box-sizing: border-box; line-height: 1.9; color: rgb(220, 38, 38);">البنزين</li><li style="box-sizing: border-box; line-height: 1.9;">الديزل</li></ul><table style="box-sizing: border-box; width: 720px; border-collapse: collapse; font-family: Tajawal, sans-serif; font-size: 16px; color: rgb(55, 65, 81); background-color: rgb(255, 255, 255);"><thead style="box-sizing: border-box;"><tr style="box-sizing: border-box; background-color: rgb(243, 244, 246);"><th style="box-sizing: border-box; padding: 8px; border: 1px solid rgb(209, 213, 219); text-align: right; width: 240px;">الوقود</th><th style="box-sizing: border-box; padding: 8px; border: 1px solid rgb(209, 213, 219); text-align: right;">السعر (دينار)</th></tr></thead><tbody style="box-sizing: border-box;"><tr style="box-sizing: border-box;"><td style="box-sizing: border-box; padding: 8px; border: 1px solid rgb(209, 213, 219);">البنزين</td><td style="box-sizing: border-box; padding: 8px; border: 1px solid rgb(209, 213, 219);">0.15</td></tr><tr style="box-sizing: border-box;"><td colspan="2" style="box-sizing: border-box; padding: 8px; border: 1px solid rgb(209, 213, 219); color: rgb(107, 114, 128); font-size: 13px;">المصدر: الشركة</td></tr></tbody></table><figure style="box-sizing: border-box; margin: 24px 0px; font-family: Tajawal, sans-serif;"><img src="https://news.example.com/media/fuel-station.jpg" alt="محطة وقود" style="box-sizing: border-box; max-width: 100%; height: auto; width: 720px;"><figcaption style="box-sizing: border-box; font-size: 14px; color: rgb(107, 114, 128);">محطة وقود في طرابلس</figcaption></figure>`;

/** A 200-character URL typed into a paragraph (not a link): nothing in it lets a line break. */
export const LONG_URL = (
  'https://www.example.ly/news/2024/ports/tripoli-misrata-benghazi-container-traffic-first-quarter-report-' +
  'with-detailed-statistics-and-tables-for-every-terminal-and-berth-and-the-full-list-of-vessels-'
).padEnd(200, 'x');

/**
 * What a reader must see of each fixture (article-html.testing.ts's outline): headings, paragraphs with their bold,
 * italic and links, real bullet (•) and numbered (#) items without Word's typed markers, nested as in the document,
 * and each table cell in its own cell.
 */
export const WORD_OUTLINE = [
  'h2: حركة الموانئ الليبية في الربع الأول',
  'p: سجّل *ميناء طرابلس* ارتفاعاً في عدد الحاويات المناولة، بحسب [تقرير مصلحة الموانئ](https://www.example.ly/ports/report-2024-q1)_ الصادر أمس_.',
  '• الحاويات المناولة',
  '  • منها حاويات مبرّدة',
  '    • أغلبها للأدوية',
  '• السفن الراسية',
  '# توسعة الرصيف الشمالي',
  '# رقمنة إجراءات التخليص',
  '# تدريب الكوادر',
  'table',
  '| *البند* | *العدد* |',
  '| الحاويات | 240 |',
  '| السفن | 18 |',
  'p: وتتوقع المصلحة استمرار النمو خلال الربع الثاني.',
];

export const GOOGLE_DOCS_OUTLINE = [
  'h2: مهرجان غدامس السياحي',
  'p: انطلقت فعاليات *المهرجان الدولي* في مدينة _غدامس القديمة_، وفق [برنامج المهرجان](https://www.example.ly/ghadames-festival).',
  '• عروض الفروسية',
  '  • سباق المهاري',
  '• الأسواق الشعبية',
  '# الافتتاح الرسمي',
  '# حفل الختام',
  'table',
  '| *اليوم* | *الفعالية* |',
  '| الخميس | عرض الأزياء التقليدية |',
];

export const WEB_PAGE_OUTLINE = [
  'h2: أسعار الوقود في الأسواق المحلية',
  'p: أعلنت الشركة عن *أسعار جديدة* تبدأ من الأسبوع المقبل، كما ورد في [البيان الرسمي](https://news.example.com/fuel/prices) والأرشيف.',
  'p: وقال المتحدث إن الإمدادات مستقرة.',
  '• البنزين',
  '• الديزل',
  'table',
  '| *الوقود* | *السعر (دينار)* |',
  '| البنزين | 0.15 |',
  '| المصدر: الشركة | - |',
  'img: https://news.example.com/media/fuel-station.jpg',
  'p: محطة وقود في طرابلس',
];

/** Every fixture with what it must become. */
export const CLIPBOARD_CASES = [
  { name: 'Word', html: WORD_HTML, outline: WORD_OUTLINE },
  { name: 'Google Docs', html: GOOGLE_DOCS_HTML, outline: GOOGLE_DOCS_OUTLINE },
  { name: 'a web page', html: WEB_PAGE_HTML, outline: WEB_PAGE_OUTLINE },
] as const;
