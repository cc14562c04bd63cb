// Builds apps/api/src/modules/thai-addresses/tisi-1099.json, the table of Thai provinces, districts and
// sub-districts (TISI 1099 codes, the codes ETDA's e-Tax XML carries) with their postcodes, kept in the
// repository as data: nothing is downloaded at run time (decision 3403).
//
//   node scripts/thai-address-table.mjs <folder with provinces.csv, districts.csv, sub_districts.csv>
//
// The CSVs are the public dataset kongvut/thai-province-data (MIT), formats/csv/, which gives each
// sub-district its 6-digit code (province 2 digits, district 4) and postcode. Only the codes ETDA's own
// code lists (apps/api/test/etda/ETDA/codelist/standard/TISICity*_1p0.xsd) enumerate are kept, so an
// address the back office accepts is one ETDA's XSD accepts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/thai-address-table.mjs <csv folder>');
const csv = (name) => {
  const [head, ...lines] = readFileSync(join(folder, name), 'utf8').replace(/\r/g, '').trim().split('\n');
  const keys = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i], v])));
};
const etdaCodes = (file) =>
  new Set(
    [
      ...readFileSync(`apps/api/test/etda/ETDA/codelist/standard/${file}`, 'utf8').matchAll(
        /enumeration value="(\d+)"/g,
      ),
    ].map((m) => m[1]),
  );
const etdaDistricts = etdaCodes('TISICityName_1p0.xsd');
const etdaSubDistricts = etdaCodes('TISICitySubDivisionName_1p0.xsd');

const live = (rows) => rows.filter((r) => !r.deleted_at);
const provinceIds = new Map(live(csv('provinces.csv')).map((p) => [p.id, p]));
const districts = live(csv('districts.csv')).filter((d) => etdaDistricts.has(d.id));
const subDistricts = live(csv('sub_districts.csv')).filter(
  (s) =>
    etdaSubDistricts.has(s.id) && /^\d{5}$/.test(s.zip_code) && districts.some((d) => d.id === s.district_id),
);
const table = { provinces: {}, districts: {}, subDistricts: {} };
for (const d of districts) {
  const p = provinceIds.get(d.province_id);
  table.provinces[d.id.slice(0, 2)] = [p.name_th, p.name_en];
  table.districts[d.id] = [d.name_th, d.name_en];
}
for (const s of subDistricts) table.subDistricts[s.id] = [s.name_th, s.name_en, s.zip_code];
writeFileSync('apps/api/src/modules/thai-addresses/tisi-1099.json', JSON.stringify(table) + '\n');
console.log(
  `${Object.keys(table.provinces).length} provinces, ${districts.length} districts, ${subDistricts.length} sub-districts` +
    ` (ETDA lists ${etdaDistricts.size} districts, ${etdaSubDistricts.size} sub-districts)`,
);
