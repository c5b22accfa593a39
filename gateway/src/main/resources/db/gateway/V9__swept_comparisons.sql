-- Comparisons a compare sweep made (migrate compare) rather than live traffic: the reports show the two apart, and
-- the flip gate counts either toward "every object compared".
ALTER TABLE shadow_comparison ADD COLUMN swept boolean NOT NULL DEFAULT false;
