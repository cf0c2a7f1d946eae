// The frozen contracts' files, for the repository's tools and tests: the package's own (src/contracts/).
export {
  CONTRACTS_DIRECTORY,
  compareContracts,
  contractText,
  frozenContracts,
  problemLine,
  writeContracts,
  type ContractFile,
  type ContractProblem,
} from '../src/contracts/frozen-contracts.js';
