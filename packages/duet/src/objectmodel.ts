/**
 * What the portal uses of Duet3D's own object model package: the model class, its defaults and its
 * `update()` patch semantics, so the simulator and the board clients share Duet's definitions.
 */
export {
  Axis,
  Board,
  Extruder,
  Fan,
  GCodeFileInfo,
  Heater,
  HeaterState,
  initCollection,
  initObject,
  MachineStatus,
  ModelCollection,
  ModelObject,
  ObjectModel,
  Tool,
  ToolState,
  Volume,
} from '@duet3d/objectmodel';
