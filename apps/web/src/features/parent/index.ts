// The face of the parent's pages: the child picker other features use.
export { ChildPicker, ChildrenState, ChosenChild, useChosenChild } from './ChildPicker';
