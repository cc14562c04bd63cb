-- The counter's exact place per branch (issue 36 part 5, decision 3611): terminal, floor, gate or
-- meeting point in th/en/zh ({th, en, zh}), which the car page, the booking page, My bookings, the
-- booking mails and LINE messages state. NULL: the branch's address says it all.
ALTER TABLE branches ADD COLUMN counter_place jsonb;

-- The demo's big airports (the seed writes the same words on a new database: demo-catalog.ts).
UPDATE branches SET counter_place = '{"th": "อาคารผู้โดยสาร ชั้น 2 โถงผู้โดยสารขาเข้า ประตู 8 เคาน์เตอร์สยามไดรฟ์", "en": "Passenger terminal, level 2 arrivals hall, Gate 8: the Siam Drive counter", "zh": "航站楼 2 层到达大厅 8 号门：暹罗租车柜台"}'::jsonb
  WHERE code = 'srn' AND counter_place IS NULL;
UPDATE branches SET counter_place = '{"th": "อาคารผู้โดยสาร 1 ชั้น 1 โถงผู้โดยสารขาเข้า ใกล้ประตู 6", "en": "Terminal 1, ground floor arrivals hall, near Gate 6", "zh": "1 号航站楼一层到达大厅，6 号门附近"}'::jsonb
  WHERE code = 'bmk' AND counter_place IS NULL;
