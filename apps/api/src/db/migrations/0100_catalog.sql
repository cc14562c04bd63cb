-- Catalog reads (issue 3): indexes for the listing, availability by dates and the home page.

-- Availability: "which units have a live hold overlapping [from, to)" is one
-- range search over the live holds, then an anti-join against the units
-- (docs/decisions/0006). The exclusion constraint's index leads with unit_id;
-- this one answers the range alone.
CREATE INDEX unit_holds_live_period_idx ON unit_holds
  USING gist (tstzrange(starts_at, blocked_until, '[)')) WHERE released_at IS NULL;

-- Units of a model at any branch (the branch-less availability check, the details page's branches).
CREATE INDEX vehicle_units_branch_idx ON vehicle_units (branch_code, car_model_id) WHERE status = 'in_service';

-- The listing's default order (recommended) and the home page's popular cars.
CREATE INDEX car_models_recommended_idx ON car_models (is_active, is_popular DESC, sort_order, id);

-- A model's running deal.
CREATE INDEX hot_deals_model_idx ON hot_deals (car_model_id, ends_at);

CREATE INDEX testimonials_published_idx ON testimonials (created_at DESC) WHERE is_published;
