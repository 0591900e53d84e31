-- Arabic search folding (ARABIC.md), mirrored by normalizeArabic() in src/shared/arabic.ts:
-- آ أ إ ٱ → ا, ى → ي, ة → ه, Arabic-Indic digits → Western, tatweel and harakat removed.
CREATE OR REPLACE FUNCTION sahifa_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(
    translate(input, 'آأإٱىة٠١٢٣٤٥٦٧٨٩', 'اااايه0123456789'),
    '[\u0640\u064B-\u0652\u0670]', '', 'g')
$$;
