-- Text prepared for Arabic full-text search: folded by sahifa_normalize, then the definite article and the
-- conjunction/preposition prefixes joined to it (ال، وال، بال، كال، فال، لل) are removed from each word.
-- Without this the snowball stemmer treats "المدرسه" and "مدرسه" differently once ة is folded to ه.
-- searchText() in src/shared/arabic.ts mirrors it for highlighting.
CREATE OR REPLACE FUNCTION sahifa_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(sahifa_normalize(input), '(^|[^[:alnum:]])(وال|بال|كال|فال|لل|ال)([[:alnum:]]{2,})', '\1\3', 'g')
$$;
