/** The back office's fixed lists, without zod, so screens can import them cheaply. */
export const transmissions = ['automatic', 'manual'] as const;
export const fuels = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export const specKeys = [
  'engine',
  'maxPower',
  'maxTorque',
  'drivetrain',
  'fuelConsumption',
  'fuelTankCapacity',
  'weight',
  'dimensions',
  'batteryCapacity',
  'range',
  'chargingTime',
] as const;
export const unitStatuses = ['in_service', 'retired'] as const;
