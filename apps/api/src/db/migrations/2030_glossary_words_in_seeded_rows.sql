-- Issue 35 part 9 (docs/glossary.md, decision 3505): rows written before the glossary keep old words.
-- Only rows still exactly as first written are changed; a row staff edited since is theirs and stays.

-- The insurance add-on of 0301: zh "excess" is 免赔额 (自付额 avoided).
UPDATE addons
   SET name = jsonb_set(name, '{zh}', to_jsonb('附加保险（零免赔额）'::text))
 WHERE code = 'insurance' AND name->>'zh' = '附加保险（零自付额）';
UPDATE addons
   SET description = jsonb_set(description, '{zh}', to_jsonb('发生事故时免赔额降为0泰铢'::text))
 WHERE code = 'insurance' AND description->>'zh' = '发生事故时自付额降为0泰铢';

-- The demo's rental conditions as seeded before decision 3505: a deposit range typed into the text
-- (each car's page states its own deposit; Thai says เงินประกัน) and a child seat "另行收费" (it is free).
UPDATE rental_conditions
   SET text = '{"th":"เงินประกันของรถคันนี้ ชำระตอนรับรถ ได้รับคืนหลังตรวจสภาพรถ","en":"The car''s security deposit, paid at pickup and refunded after inspection","zh":"本车押金，取车时缴纳，验车后退还"}'::jsonb
 WHERE kind = 'not_included'
   AND text = '{"th":"เงินมัดจำ 3,000–15,000 บาท ตามรุ่นรถ คืนเต็มจำนวนหลังตรวจสภาพรถ","en":"Security deposit of ฿3,000–15,000 depending on the car, refunded in full after inspection","zh":"押金 3,000–15,000 泰铢（视车型而定），验车后全额退还"}'::jsonb;
UPDATE rental_conditions
   SET text = '{"th":"เครื่องนำทาง GPS และพนักงานขับรถ (บริการเสริมมีค่าบริการ) คาร์ซีทเด็กฟรีเมื่อเลือกตอนจอง","en":"GPS unit and driver (paid extras); a child seat is free when chosen on the booking","zh":"GPS 导航仪和司机服务（付费附加服务）；儿童座椅在预订时选择即免费"}'::jsonb
 WHERE kind = 'not_included'
   AND text = '{"th":"เบาะนั่งเด็ก เครื่องนำทาง GPS และพนักงานขับรถ (บริการเสริม)","en":"Child seat, GPS unit and driver (optional extras)","zh":"儿童座椅、GPS 导航仪和司机服务（另行收费）"}'::jsonb;
