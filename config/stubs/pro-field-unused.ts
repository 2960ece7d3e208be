// Stands in for ProField's cascader, color, image, progress, rate, slider and treeSelect value types
// (aliased in .umirc.ts). ProTable loads every value type whether a page uses it or not; these seven
// (rc-cascader, rc-image, rc-slider, rc-tree-select, antd's ColorPicker...) were ~60 kB gzip of every
// list page's first load, and no screen uses them (src/contracts/pro-field-value-types.test.ts keeps it so). To use
// one, remove its alias in .umirc.ts.
export default function UnusedProField(): never {
  throw new Error('This ProField value type is stubbed in .umirc.ts (first-load size): remove its alias to use it');
}
