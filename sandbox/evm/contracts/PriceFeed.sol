// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ShortText} from "./ShortText.sol";

/// A price feed with Chainlink's AggregatorV3Interface (decimals, description, version, getRoundData,
/// latestRoundData) and the AnswerUpdated / NewRound events, written for the sandbox. Its transmitter
/// stands in for the oracle network: each `transmit` starts and answers a round at the block's time.
contract PriceFeed {
    struct Round {
        int256 answer;
        uint64 startedAt;
        uint64 updatedAt;
    }

    uint8 public immutable decimals;
    bytes32 private immutable _description;
    address public immutable transmitter;
    uint256 public constant version = 4;

    uint80 public latestRound;
    mapping(uint80 => Round) private _rounds;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);
    event NewRound(uint256 indexed roundId, address indexed startedBy, uint256 startedAt);

    error NotTransmitter(address caller);
    error NoDataPresent();

    constructor(uint8 decimals_, string memory description_, address transmitter_) {
        decimals = decimals_;
        _description = ShortText.pack(description_);
        transmitter = transmitter_;
    }

    function description() external view returns (string memory) {
        return ShortText.unpack(_description);
    }

    function transmit(int256 answer) external {
        if (msg.sender != transmitter) revert NotTransmitter(msg.sender);
        uint80 roundId = latestRound + 1;
        latestRound = roundId;
        _rounds[roundId] = Round(answer, uint64(block.timestamp), uint64(block.timestamp));
        emit NewRound(roundId, msg.sender, block.timestamp);
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }

    function getRoundData(uint80 roundId)
        public
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = _rounds[roundId];
        if (round.updatedAt == 0) revert NoDataPresent();
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(latestRound);
    }

    function latestAnswer() external view returns (int256) {
        return _rounds[latestRound].answer;
    }

    function latestTimestamp() external view returns (uint256) {
        return _rounds[latestRound].updatedAt;
    }
}
